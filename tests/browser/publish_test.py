#!/usr/bin/python3
"""Browser tests of the pages `jelimvre publish` writes.

The pages are opened in a headless Chromium through Selenium, and what the page's script shows is
compared with what the command line says of the same record: `jelimvre show --at` for the
position after a turn, `jelimvre validate --format json` for the verdict, the first fault, the
outcome and the final legal position. tests/browser/README.md says what is checked and how to run
this by hand.

Exit status: 0 every check passed; 1 a check failed (each failure is printed with the page and
the turn); 2 the test could not start (no Chromium, chromedriver, Selenium or jelimvre).
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
import traceback
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
GENERATOR_SEED = 20261126
# A published page is meant to be mailed and opened offline: 1 MB at most, counted as
# tests/publish_folder.cmake counts it.
PAGE_SIZE_LIMIT = 1_048_576
MAX_PROBLEMS_LISTED = 10  # of the generated pages: enough to see a pattern, short enough to read

# One legal and one illegal record per game, each a few dozen turns long.
SAMPLES = [
    # (game, file under samples/, verdict expected)
    ("jelimvre", "samples/legal-king-hunt.jgn", "legal"),
    ("jelimvre", "samples/illegal-J7.1-soldier-too-far.jgn", "illegal"),
    ("chessme", "samples/chessme/legal-checkmate-by-drop.jgn", "legal"),
    ("chessme", "samples/chessme/illegal-C7.2-king-steps-into-check.jgn", "illegal"),
    ("imbriquation", "samples/imbriquation/legal-first-dark-rounds-complete.jgn", "legal"),
    ("imbriquation", "samples/imbriquation/illegal-I6.3-blocked-slide.jgn", "illegal"),
]
MULTI_GAME_SAMPLE = "tests/golden/data/round-of-three-games.jgn"
# The records whose every turn button is checked to stand under its player's column: the
# Imbriquation one has [First "Dark"] (its "1." is Dark's turn, "1..." Light's), the others
# start with White.
PLAYER_COLUMN_SAMPLES = [
    ("imbriquation", "samples/imbriquation/legal-first-dark-rounds-complete.jgn"),
    ("jelimvre", "samples/legal-king-hunt.jgn"),
    ("chessme", "samples/chessme/legal-checkmate-by-drop.jgn"),
]
GAMES = ["jelimvre", "chessme", "imbriquation"]

# The header fields naming the players: Imbriquation's sides are Light and Dark.
PLAYER_TAGS = {"jelimvre": ("White", "Black"), "chessme": ("White", "Black"),
               "imbriquation": ("Light", "Dark")}


class SetupProblem(Exception):
    """Something the test needs is missing: exit status 2."""


class CheckFailed(Exception):
    """A page does not do what the contract says: exit status 1."""


def check(condition, what):
    if not condition:
        raise CheckFailed(what)


def check_equal(seen, expected, what):
    if seen != expected:
        raise CheckFailed(f"{what}: expected {expected!r}, the page has {seen!r}")


# --- The command line: what the page is compared with ---------------------------------------------

class Referee:
    """Runs jelimvre and remembers its answers: the same position is asked for more than once."""

    def __init__(self, binary, source_dir):
        self.binary = str(binary)
        self.source_dir = source_dir
        self._validations = {}
        self._shown = {}

    def run(self, *args, expect_success=True):
        # Relative sample paths keep the file names the page shows short and stable.
        result = subprocess.run([self.binary, *map(str, args)], cwd=self.source_dir,
                                capture_output=True, text=True)
        if expect_success and result.returncode != 0:
            raise CheckFailed(f"jelimvre {' '.join(map(str, args))} exited with "
                              f"{result.returncode}: {result.stderr.strip()}")
        return result

    def validation(self, record):
        """validate's JSON of every game of `record`."""
        if record not in self._validations:
            # validate exits 1 for an illegal record: its JSON is still complete.
            output = self.run("validate", record, "--format", "json", expect_success=False)
            try:
                self._validations[record] = json.loads(output.stdout)["games"]
            except (json.JSONDecodeError, KeyError):
                raise CheckFailed(f"validate {record} gave no JSON: {output.stderr.strip()}")
        return self._validations[record]

    def outcome_words(self, record, game_number=1):
        """How the game ended in the words people read: validate's text report says it after
        the result ("outcome: 1-0 (king captured)"), where the JSON has the reason's keyword."""
        output = self.run("validate", record, "--format", "text", "--lang", "en",
                          expect_success=False).stdout
        outcomes = re.findall(r"^  outcome: \S+ \((.*)\)$", output, re.MULTILINE)
        if len(outcomes) < game_number:
            raise CheckFailed(f"validate {record} --format text gave no outcome of game "
                              f"{game_number}")
        return outcomes[game_number - 1]

    def shown_at(self, record, turn_label, game_number=1):
        """What `show --at turn_label` prints (in English: its words are read). The faulty turn
        is drawn too, on the position it started from, with status 1."""
        key = (record, turn_label, game_number)
        if key not in self._shown:
            result = self.run("show", record, "--at", turn_label, "--game", game_number,
                              "--lang", "en", expect_success=False)
            if result.returncode not in (0, 1) or not result.stdout:
                raise CheckFailed(f"jelimvre show {record} --at {turn_label} exited with "
                                  f"{result.returncode}: {result.stderr.strip()}")
            self._shown[key] = result.stdout
        return self._shown[key]

    def position_after(self, record, turn_label, game_number=1):
        """The position string `show --at turn_label` prints."""
        match = re.search(r"^position: (.*)$", self.shown_at(record, turn_label, game_number),
                          re.MULTILINE)
        if not match:
            raise CheckFailed(f"show {record} --at {turn_label} printed no position")
        return match.group(1)

    def player_of(self, record, turn_label, game_number=1):
        """Who played the turn: show's first line ends "after 33. (Dark)"."""
        first_line = self.shown_at(record, turn_label, game_number).split("\n", 1)[0]
        match = re.search(r", after (\S+) \((\w+)\)$", first_line)
        if not match:
            raise CheckFailed(f"show {record} --at {turn_label}: no player in its first line "
                              f"{first_line!r}")
        return match.group(2)


def turn_label(turn_key):
    """The page's turn key ("14b") as JGN and `show --at` write it ("14...")."""
    return turn_key[:-1] + "..." if turn_key.endswith("b") else turn_key


# --- The browser ----------------------------------------------------------------------------------

def start_browser():
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        raise SetupProblem("Selenium is missing for /usr/bin/python3: install python3-selenium")
    if not CHROMIUM.exists():
        raise SetupProblem(f"{CHROMIUM} is missing: install chromium")
    if not CHROMEDRIVER.exists():
        raise SetupProblem(f"{CHROMEDRIVER} is missing: install chromium-driver")
    options = Options()
    options.binary_location = str(CHROMIUM)
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000"):
        options.add_argument(argument)
    # The browser's console, read with get_log('browser'): a SEVERE entry is a script error.
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    except Exception as error:  # the driver's own message says what went wrong
        raise SetupProblem(f"Chromium would not start under chromedriver: {error}")
    driver.set_page_load_timeout(30)
    return driver


# Everything the tests read of the shown game, in one round trip: a step is then one key press
# and one script call, which keeps 300 generated pages within the time budget.
READ_STATE = """
const section = document.querySelector('section.game:not([hidden])');
const board = section && section.querySelector('figure.board');
const current = section ? Array.from(section.querySelectorAll('button.turn[aria-current="step"]'))
                        : [];
return {
  scripted: document.documentElement.classList.contains('js'),
  game: section ? section.getAttribute('data-game') : null,
  position: board ? board.getAttribute('data-position') : null,
  turn: board ? board.getAttribute('data-turn') : null,
  description: board ? section.querySelector('.board-description').textContent : null,
  shownPosition: board ? section.querySelector('.board-position').textContent : null,
  hasPicture: !!(section && section.querySelector('.board-picture svg')),
  current: current.map(b => b.getAttribute('data-turn')),
  resources: performance.getEntriesByType('resource').map(e => e.name),
};
"""

# The shown game's enabled turn buttons, fault included, in page order.
READ_TURNS = """
const section = document.querySelector('section.game:not([hidden])');
return Array.from(section.querySelectorAll('button.turn')).map(b => ({
  turn: b.getAttribute('data-turn'),
  frame: b.hasAttribute('data-frame') ? Number(b.getAttribute('data-frame')) : null,
  fault: b.classList.contains('fault'),
  afterFault: b.classList.contains('after-fault'),
  disabled: b.disabled,
  rule: b.getAttribute('data-rule'),
}));
"""

READ_HEADER = """
const section = document.querySelector('section.game:not([hidden])');
const fields = {};
section.querySelectorAll('.game-header dl div[data-field]').forEach(div => {
  fields[div.getAttribute('data-field')] = div.querySelector('dd').textContent;
});
const fault = section.querySelector('.game-header p.verdict-fault');
return {
  title: document.querySelector('h1').textContent,
  verdict: section.getAttribute('data-verdict'),
  fields: fields,
  faultRule: fault ? fault.getAttribute('data-rule') : null,
  faultRowRules: Array.from(section.querySelectorAll('tr.fault-row p.fault-message'))
                      .map(p => p.getAttribute('data-rule')),
};
"""


# Every turn button of the shown game's table, with the header of the column it stands in
# (the thead's cell at the same column, colspans counted) and the row's own header ("14.").
READ_TURN_COLUMNS = """
const section = document.querySelector('section.game:not([hidden])');
const table = section.querySelector('table.moves');
function columns(row) {
  const starts = new Map();
  let column = 0;
  for (const cell of row.cells) { starts.set(cell, column); column += cell.colSpan; }
  return starts;
}
const headers = {};
const head = table && table.tHead && table.tHead.rows[table.tHead.rows.length - 1];
if (head) for (const [cell, column] of columns(head)) headers[column] = cell.textContent.trim();
return {
  headers: head ? Array.from(head.cells).map(c => c.textContent.trim()) : [],
  turns: table ? Array.from(table.querySelectorAll('tbody button.turn')).map(b => {
    const cell = b.closest('td, th');
    const row = cell.parentElement;
    const column = columns(row).get(cell);
    const rowHeader = row.querySelector('th[scope=row]');
    return {turn: b.getAttribute('data-turn'), label: b.getAttribute('aria-label'),
            disabled: b.disabled, column: column,
            header: column in headers ? headers[column] : null,
            row: rowHeader ? rowHeader.textContent.trim() : null};
  }) : [],
};
"""


class Browser:
    def __init__(self, driver):
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys
        self.driver = driver
        self.By = By
        self.Keys = Keys
        self.where = ""

    def open(self, url):
        # A page of another document first: loading the same page with only another fragment
        # would be a hashchange, not the fresh load that is meant here.
        self.driver.get("about:blank")
        self.driver.get(url)
        self.where = url.rsplit("/", 1)[-1]

    def state(self):
        return self.driver.execute_script(READ_STATE)

    def turns(self):
        return self.driver.execute_script(READ_TURNS)

    def header(self):
        return self.driver.execute_script(READ_HEADER)

    def press(self, key, times=1):
        self.driver.find_element(self.By.TAG_NAME, "body").send_keys(key * times)

    def home(self):
        self.press(self.Keys.HOME)

    def end(self):
        self.press(self.Keys.END)

    def right(self, times=1):
        self.press(self.Keys.ARROW_RIGHT, times)

    def left(self, times=1):
        self.press(self.Keys.ARROW_LEFT, times)

    def wait_until(self, script, what, timeout=5.0):
        """Polls `script` (returning a truth value) until true: a hashchange runs after the
        command that caused it has returned."""
        deadline = time.monotonic() + timeout
        while not self.driver.execute_script(script):
            if time.monotonic() > deadline:
                raise CheckFailed(f"{what}: still not so after {timeout:.0f}s")
            time.sleep(0.02)

    def wait_for_turn(self, turn, what):
        self.wait_until(
            "const b = document.querySelector('section.game:not([hidden]) figure.board');"
            f"return b && b.getAttribute('data-turn') === {json.dumps(turn)};",
            f"{what}: data-turn {turn!r} expected")

    def wait_for_game(self, number, what):
        self.wait_until(
            "const s = document.querySelectorAll('section.game:not([hidden])');"
            f"return s.length === 1 && s[0].getAttribute('data-game') === '{number}';",
            f"{what}: only game {number} shown expected")

    def click(self, css):
        section = self.driver.find_element(self.By.CSS_SELECTOR, "section.game:not([hidden])")
        section.find_element(self.By.CSS_SELECTOR, css).click()

    def console_errors(self):
        """The SEVERE console entries since the last call (reading the log empties it)."""
        return [entry["message"] for entry in self.driver.get_log("browser")
                if entry.get("level") == "SEVERE"]

    def check_console_clean(self, what):
        errors = self.console_errors()
        check(not errors, f"{what}: console errors: {errors}")


# --- The HTML itself: nothing that would reach the network ----------------------------------------

# A link or source whose value starts with "//" or "scheme:" would leave the file; "data:" stays
# in it, and "#..." and relative names (the folder's index) stay beside it.
LINK_ATTRIBUTE = re.compile(r"""\b(?:src|href)\s*=\s*(["']?)([^"'\s>]*)\1""", re.IGNORECASE)
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def check_offline_html(page_path):
    html = Path(page_path).read_text(encoding="utf-8")
    for forbidden in ("http:", "https:"):
        at = html.find(forbidden)
        check(at < 0, f"{page_path.name}: the HTML mentions {forbidden!r}: "
                      f"...{html[max(0, at - 60):at + 60]}...")
    for match in LINK_ATTRIBUTE.finditer(html):
        value = match.group(2)
        leaves = value.startswith("//") or (SCHEME.match(value) and
                                            not value.lower().startswith("data:"))
        check(not leaves, f"{page_path.name}: {match.group(0)!r} points outside the page")


def check_no_requests(state, what):
    check_equal(state["resources"], [], f"{what}: resources the page fetched")


# --- One game's page ------------------------------------------------------------------------------

def frame_turns(turns):
    """{frame index: turn key} of the turn buttons that show a position: every legal turn, and
    the faulty turn, whose frame (the last) is the position it started from, its refused action
    drawn."""
    return {t["frame"]: t["turn"] for t in turns if t["frame"] is not None}


def check_position(browser, referee, record, game_number, what):
    """The shown position is the one `show --at` gives after the shown turn."""
    state = browser.state()
    check(state["turn"] is not None, f"{what}: no board")
    check_equal(state["shownPosition"], state["position"],
                f"{what}: the position under the board and data-position")
    check(state["hasPicture"], f"{what}: the board has no SVG picture")
    if state["turn"] != "start":
        expected = referee.position_after(record, turn_label(state["turn"]), game_number)
        check_equal(state["position"], expected,
                    f"{what}: data-position after turn {turn_label(state['turn'])}")
    return state


def check_stepping(browser, referee, record, game_number, frames, what):
    """Home, then → one press at a time to the end: every position against `show --at`.
    Then Home and → pressed past the end in one go (the board stops at the last turn), and ←."""
    last = max(frames)
    browser.home()
    state = browser.state()
    check_equal(state["turn"], "start", f"{what}: data-turn after Home")
    check_equal(state["current"], [], f"{what}: a turn marked current at the start")
    for steps in range(1, last + 1):
        browser.right()
        state = check_position(browser, referee, record, game_number,
                               f"{what}: Home then → ×{steps}")
        check_equal(state["turn"], frames[steps], f"{what}: turn after Home then → ×{steps}")
        check_equal(state["current"], [frames[steps]],
                    f"{what}: the turn marked current after Home then → ×{steps}")
    browser.home()
    browser.right(last + 2)
    state = browser.state()
    check_equal(state["turn"], frames[last], f"{what}: turn after Home then → ×{last + 2}")
    if last >= 2:
        browser.left()
        state = check_position(browser, referee, record, game_number, f"{what}: ← from the end")
        check_equal(state["turn"], frames[last - 1], f"{what}: turn after ← from the end")


def check_buttons_match_keys(browser, referee, record, game_number, frames, what):
    """nav-first/prev/next/last and a turn button lead where Home/←/→/End do."""
    last = max(frames)
    browser.click("button.nav-first")
    check_equal(browser.state()["turn"], "start", f"{what}: nav-first")
    browser.click("button.nav-next")
    browser.click("button.nav-next")
    by_buttons = check_position(browser, referee, record, game_number, f"{what}: nav-next ×2")
    browser.home()
    browser.right(2)
    by_keys = browser.state()
    check_equal(by_buttons["position"], by_keys["position"],
                f"{what}: nav-next ×2 against → ×2")
    browser.click("button.nav-prev")
    by_buttons = browser.state()
    browser.home()
    browser.right(1)
    check_equal(by_buttons["position"], browser.state()["position"],
                f"{what}: nav-next ×2, nav-prev against → ×1")
    browser.click("button.nav-last")
    by_buttons = browser.state()
    browser.home()
    browser.end()
    check_equal(by_buttons["turn"], browser.state()["turn"], f"{what}: nav-last against End")
    check_equal(by_buttons["turn"], frames[last], f"{what}: nav-last")
    # A turn button in the middle of the game.
    middle = frames[max(1, last // 2)]
    browser.click(f'button.turn[data-turn="{middle}"]')
    state = check_position(browser, referee, record, game_number,
                           f"{what}: click on turn {turn_label(middle)}")
    check_equal(state["turn"], middle, f"{what}: turn after clicking turn {turn_label(middle)}")
    check_equal(state["current"], [middle], f"{what}: turn marked current after the click")


# The rendered text nodes of the shown game (an SVG's <title> and <desc> are not drawn) that hold
# the start of the position string: a reader sees the position string once, under the board.
COUNT_POSITION_TEXTS = """
const section = document.querySelector('section.game:not([hidden])');
const board = section.querySelector('figure.board');
const start = board.getAttribute('data-position').slice(0, 24);
const walker = document.createTreeWalker(section, NodeFilter.SHOW_TEXT);
const found = [];
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  if (node.parentElement.closest('title, desc')) continue;
  const range = document.createRange();
  range.selectNodeContents(node);
  if (range.getClientRects().length === 0) continue;
  if (node.textContent.includes(start)) found.push(node.parentElement.tagName);
}
return found;
"""


def check_position_shown_once(browser, what):
    found = browser.driver.execute_script(COUNT_POSITION_TEXTS)
    check_equal(found, ["CODE"], f"{what}: the elements that show the position string")


def check_end(browser, referee, record, game_number, game_json, frames, what):
    """End shows the final legal position and, for a finished game, how it ended in the words
    validate's text report uses."""
    browser.home()
    browser.end()
    state = browser.state()
    check_equal(state["turn"], frames[max(frames)], f"{what}: turn after End")
    check_equal(state["position"], game_json["position"], f"{what}: data-position after End "
                                                          f"against validate's position")
    outcome = game_json.get("outcome") or {}
    if game_json["verdict"] == "legal" and outcome.get("result", "*") != "*":
        words = referee.outcome_words(record, game_number)
        expected = f"Game over: {outcome['result']} ({words})."
        check(expected in state["description"],
              f"{what}: the description at the end is {state['description']!r}, "
              f"which does not say {expected!r}")
    return state


def check_fragments(browser, url, referee, record, game_number, frames, what, game_prefix=""):
    """#turn=KEY (and its "14..." spelling) selects the position on load and on hashchange."""
    last = max(frames)
    # Not the last turn, which the page opens on anyway; the middle one in both spellings, the
    # page's key ("14b") and JGN's ("14...").
    middle, quarter = frames[max(1, last // 2)], frames[max(1, last // 4)]
    for key, spellings in ((middle, {middle, turn_label(middle)}), (quarter, {quarter})):
        for spelling in sorted(spellings):
            browser.open(f"{url}#{game_prefix}turn={spelling}")
            state = check_position(browser, referee, record, game_number,
                                   f"{what}: loaded with #{game_prefix}turn={spelling}")
            check_equal(state["turn"], key, f"{what}: turn loaded with #turn={spelling}")
    # Changing the fragment of the open page moves the board too.
    key = frames[1]
    browser.driver.execute_script("location.hash = arguments[0];", f"{game_prefix}turn={key}")
    browser.wait_for_turn(key, f"{what}: hashchange to #turn={key}")
    state = check_position(browser, referee, record, game_number, f"{what}: hashchange to {key}")
    check_equal(state["turn"], key, f"{what}: turn after a hashchange to #turn={key}")


def shown_tag(value):
    """A tag's value as the header shows it: '?' and '????.??.??' say unknown, a date keeps its
    known parts, '-' (not applicable) is not shown (None)."""
    if value == "-":
        return None
    if value in ("?", ""):
        return "unknown"
    if re.fullmatch(r"[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}", value):
        while value.endswith(".??"):
            value = value[:-3]
        return "unknown" if value == "????" else value
    return value


def check_header(browser, game, game_json, ending_words, what):
    """The header's fields against validate's JSON; `ending_words`: how the game ended as the
    text report says it (the JSON has the reason's keyword)."""
    header = browser.header()
    fields = header["fields"]
    tags = game_json["tags"]
    check_equal(header["verdict"], game_json["verdict"], f"{what}: section's data-verdict")
    # The header says the verdict in words ("invalid record"), data-verdict as validate does.
    check_equal(fields.get("verdict"), game_json["verdict"].replace("-", " "),
                f"{what}: verdict field")
    check_equal(fields.get("game"), game_json["game"], f"{what}: game field")
    for tag in PLAYER_TAGS[game] + ("Event", "Site", "Date", "Round"):
        if tag in tags:
            check_equal(fields.get(tag.lower()), shown_tag(tags[tag]),
                        f"{what}: {tag.lower()} field")
    outcome = game_json.get("outcome")
    if outcome:
        check_equal(fields.get("result"), outcome["result"], f"{what}: result field")
        check_equal(fields.get("ending"), ending_words, f"{what}: ending field")
    return header


def check_game_page(browser, referee, game, record, page_path, expected_verdict, what):
    """Every check of one published game, open in the browser."""
    game_json = referee.validation(record)[0]
    check_equal(game_json["verdict"], expected_verdict, f"{what}: validate's verdict of {record}")
    url = page_path.as_uri()
    check_offline_html(page_path)
    browser.open(url)
    opening = browser.state()
    check(opening["scripted"], f"{what}: <html> has no class 'js': the script did not run")
    check_no_requests(opening, what)

    header = check_header(browser, game, game_json,
                          referee.outcome_words(record) if game_json.get("outcome") else None,
                          what)
    check_equal(header["title"], browser.driver.title, f"{what}: <h1> against <title>")
    if expected_verdict == "legal":
        check_equal(header["fields"].get("result"), game_json["tags"].get("Result"),
                    f"{what}: result field against the Result tag")
    turns = browser.turns()
    frames = frame_turns(turns)
    frames[0] = "start"
    last = max(frames)

    # The page opens on the last legal position; for an illegal record that is the position
    # the faulty turn started from, which is also validate's final position.
    check_equal(opening["turn"], frames[last], f"{what}: the turn the page opened on")
    check_equal(opening["position"], game_json["position"], f"{what}: the position it opened on")

    if expected_verdict == "illegal":
        rule = game_json["error"]["rule"]
        check_equal(header["faultRule"], rule, f"{what}: the header's fault rule")
        check_equal(header["faultRowRules"], [rule], f"{what}: the fault rows' rules")
        faulty = [t for t in turns if t["fault"]]
        check_equal(len(faulty), 1, f"{what}: number of turns marked faulty")
        check_equal(faulty[0]["rule"], rule, f"{what}: the faulty turn's rule")
        check_equal(faulty[0]["frame"], last, f"{what}: the frame the faulty turn shows")
        after = turns[turns.index(faulty[0]) + 1:]
        check(all(t["afterFault"] and t["disabled"] for t in after),
              f"{what}: turns after the fault should be disabled after-fault buttons: {after}")
        check(all(not t["afterFault"] for t in turns[:turns.index(faulty[0])]),
              f"{what}: a turn before the fault is marked after-fault")
    else:
        check(not any(t["fault"] or t["afterFault"] or t["disabled"] for t in turns),
              f"{what}: a legal game has faulty or disabled turns")
        check_equal(header["faultRule"], None, f"{what}: a legal game's header names a fault")

    check_position_shown_once(browser, what)
    check_stepping(browser, referee, record, 1, frames, what)
    check_buttons_match_keys(browser, referee, record, 1, frames, what)
    check_end(browser, referee, record, 1, game_json, frames, what)
    check_fragments(browser, url, referee, record, 1, frames, what)
    check_no_requests(browser.state(), what)
    browser.check_console_clean(what)
    return frames


# --- The check groups -----------------------------------------------------------------------------

class CheckRun:
    """What the browser tests share: the arguments, the referee, the browser, and groups of
    checks, each reported on one line and failing alone."""

    def __init__(self, args):
        self.args = args
        self.source_dir = Path(args.source_dir).resolve()
        self.work_dir = Path(args.work_dir).resolve()
        self.referee = Referee(Path(args.jelimvre).resolve(), self.source_dir)
        self.browser = None
        self.failures = []

    def group(self, name, function, *arguments):
        started = time.monotonic()
        try:
            detail = function(*arguments) or ""
            print(f"ok    {name}{detail} ({time.monotonic() - started:.1f}s)", flush=True)
        except CheckFailed as failure:
            self.failures.append(f"{name}: {failure}")
            print(f"FAIL  {name} ({time.monotonic() - started:.1f}s): {failure}", flush=True)
        except Exception as error:  # a browser error is a failure of this group, not of the run
            self.failures.append(f"{name}: {error!r}")
            print(f"FAIL  {name}: unexpected {error!r}\n{traceback.format_exc()}", flush=True)
        # Whatever a failed group left in the console must not be blamed on the next one.
        if self.browser:
            self.browser.console_errors()


class Run(CheckRun):
    def publish(self, *arguments):
        self.referee.run("publish", *arguments, "--force")

    def sample_page(self, game, record, verdict):
        page_path = self.work_dir / "pages" / (Path(record).stem + ".html")
        self.publish(record, "-o", page_path)
        check_game_page(self.browser, self.referee, game, record, page_path, verdict,
                        page_path.name)
        if verdict == "legal":
            self.screenshot(game, page_path)

    def screenshot(self, game, page_path):
        """The legal sample's page, Jelimvre's in mid-game, the others at their end."""
        self.browser.open(page_path.as_uri())
        if game == "jelimvre":
            self.browser.home()
            self.browser.right(20)
        target = self.work_dir / "screenshots" / f"{game}.png"
        check(self.browser.driver.save_screenshot(str(target)), f"screenshot {target} not saved")
        check(target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", f"{target} is not a PNG")

    def opening_turn_option(self):
        """publish --at opens the page on that turn instead of the last."""
        record = "samples/legal-king-hunt.jgn"
        page_path = self.work_dir / "pages" / "opening-at-5b.html"
        self.publish(record, "--at", "5...", "--title", "Opened at 5...", "-o", page_path)
        self.browser.open(page_path.as_uri())
        state = check_position(self.browser, self.referee, record, 1, page_path.name)
        check_equal(state["turn"], "5b", f"{page_path.name}: the turn the page opened on")
        check_equal(self.browser.header()["title"], "Opened at 5...", f"{page_path.name}: <h1>")
        self.browser.check_console_clean(page_path.name)

    def player_columns(self, record):
        """Every turn button stands under the header of its player's column, the player
        `show --at TURN` names, and in the row of its turn number."""
        page_path = self.work_dir / "pages" / (Path(record).stem + ".html")
        self.publish(record, "-o", page_path)
        self.browser.open(page_path.as_uri())
        table = self.browser.driver.execute_script(READ_TURN_COLUMNS)
        what = page_path.name
        check(table["turns"], f"{what}: no turn button in table.moves")
        wrong_column, wrong_row = [], []
        for button in table["turns"]:
            if button["disabled"]:
                continue  # after a fault: not replayed, show does not reach it
            label = turn_label(button["turn"])
            player = self.referee.player_of(record, label)
            if button["header"] != player:
                wrong_column.append(f"{button['label']!r} (data-turn {button['turn']}) in "
                                    f"column {button['column']} under "
                                    f"{button['header']!r}, played by {player} "
                                    f"(show --at {label})")
            number = button["turn"].rstrip("b")
            if button["row"] != f"{number}.":
                wrong_row.append(f"{button['label']!r} (data-turn {button['turn']}) in the "
                                 f"row headed {button['row']!r}")
        problems = []
        if wrong_column:
            problems.append(f"{len(wrong_column)} of {len(table['turns'])} turn buttons stand "
                            f"under another player's column (thead {table['headers']}):\n      "
                            + "\n      ".join(wrong_column))
        if wrong_row:
            problems.append(f"{len(wrong_row)} turn buttons in another turn's row:\n      "
                            + "\n      ".join(wrong_row))
        if problems:
            raise CheckFailed(f"{what}: " + "\n    ".join(problems))
        self.browser.check_console_clean(what)
        return f": {len(table['turns'])} turns, columns {table['headers']}"

    def multi_game_page(self):
        record = MULTI_GAME_SAMPLE
        page_path = self.work_dir / "pages" / "round-of-three-games.html"
        self.publish(record, "-o", page_path)
        check_offline_html(page_path)
        games_json = self.referee.validation(record)
        url = page_path.as_uri()
        self.browser.open(url)
        driver, By = self.browser.driver, self.browser.By
        links = driver.find_elements(By.CSS_SELECTOR, "nav.game-list a")
        check_equal([link.get_attribute("href").rsplit("#", 1)[-1] for link in links],
                    [f"game={k}" for k in range(1, len(games_json) + 1)],
                    f"{page_path.name}: the game list's links")
        for number, game_json in enumerate(games_json, start=1):
            what = f"{page_path.name} game {number}"
            driver.find_element(By.CSS_SELECTOR, f'nav.game-list a[href="#game={number}"]').click()
            self.browser.wait_for_game(number, f"{what}: after clicking its link")
            shown = driver.execute_script(
                "return Array.from(document.querySelectorAll('section.game'))"
                ".filter(s => !s.hidden).map(s => s.getAttribute('data-game'));")
            check_equal(shown, [str(number)], f"{what}: sections shown after clicking its link")
            section = driver.find_element(By.ID, f"game-{number}")
            check(section.is_displayed(), f"{what}: its section is not displayed")
            check_header(self.browser, game_json["game"].lower(), game_json,
                         self.referee.outcome_words(record, number), what)
            frames = frame_turns(self.browser.turns())
            frames[0] = "start"
            check_stepping(self.browser, self.referee, record, number, frames, what)
            check_end(self.browser, self.referee, record, number, game_json, frames, what)
        # Keys move the shown game only: a game left at its start is still there when shown again.
        legal = [n for n, g in enumerate(games_json, start=1) if g["verdict"] == "legal"]
        check(len(legal) >= 2, f"{record}: fewer than two legal games to switch between")
        first, number = legal[0], legal[1]
        self.browser.open(f"{url}#game={first}")
        self.browser.home()
        driver.find_element(By.CSS_SELECTOR, f'nav.game-list a[href="#game={number}"]').click()
        self.browser.wait_for_game(number, f"{page_path.name}: switching to game {number}")
        self.browser.end()
        driver.find_element(By.CSS_SELECTOR, f'nav.game-list a[href="#game={first}"]').click()
        self.browser.wait_for_game(first, f"{page_path.name}: switching back to game {first}")
        check_equal(self.browser.state()["turn"], "start",
                    f"{page_path.name}: game {first}, left at its start, "
                    f"after End in game {number}")

        # #game=N&turn=KEY on load picks the game and the turn.
        self.browser.open(f"{url}#game={number}&turn=1")
        state = check_position(self.browser, self.referee, record, number,
                               f"{page_path.name}: loaded with #game={number}&turn=1")
        check_equal(state["game"], str(number), f"{page_path.name}: game shown with #game={number}")
        check_equal(state["turn"], "1", f"{page_path.name}: turn shown with #game={number}&turn=1")
        check_no_requests(state, page_path.name)
        self.browser.check_console_clean(page_path.name)

    def generated_games(self, game):
        count = self.args.generated
        record = self.work_dir / f"generated-{game}.jgn"
        output = self.referee.run("generate", "--game", game, "--games", count,
                                  "--seed", GENERATOR_SEED)
        record.write_text(output.stdout, encoding="utf-8")
        folder = self.work_dir / f"generated-{game}"
        shutil.rmtree(folder, ignore_errors=True)
        self.referee.run("publish", record, "-o", str(folder) + "/")
        games_json = self.referee.validation(str(record))
        check_equal(len(games_json), count, f"{record.name}: games validate found")
        index = folder / "index.html"
        check(index.exists(), f"{folder.name}: no index.html")
        check_offline_html(index)
        self.browser.open(index.as_uri())
        links = self.browser.driver.execute_script(
            "return Array.from(document.querySelectorAll('table.game-index a'))"
            ".map(a => a.getAttribute('href'));")
        expected_pages = [f"{record.stem}-{i}.html" for i in range(1, count + 1)]
        check_equal(links, expected_pages, f"{folder.name}/index.html: its links")
        self.browser.check_console_clean(f"{folder.name}/index.html")
        # Every page is checked even when one fails: a list of the failing pages says more
        # than the first of them.
        largest = 0
        problems = []
        for number, game_json in enumerate(games_json, start=1):
            page_path = folder / f"{record.stem}-{number}.html"
            what = f"{folder.name}/{page_path.name}"
            try:
                check(page_path.exists(), f"{what} was not written")
                size = page_path.stat().st_size
                largest = max(largest, size)
                check(size < PAGE_SIZE_LIMIT,
                      f"{what}: {size} bytes, over 1 MB ({PAGE_SIZE_LIMIT} bytes)")
                check_equal(game_json["verdict"], "legal", f"{record.name} game {number}: verdict")
            except CheckFailed as failure:
                problems.append(str(failure))
            try:
                self.browser.driver.get(page_path.as_uri())
                self.browser.end()
                state = self.browser.state()
                check(state["scripted"], f"{what}: the script did not run")
                check_equal(state["position"], game_json["position"],
                            f"{what}: data-position after End against validate's game {number}")
                check_no_requests(state, what)
                self.browser.check_console_clean(what)
            except CheckFailed as failure:
                problems.append(str(failure))
        if problems:
            shown = problems[:MAX_PROBLEMS_LISTED]
            more = len(problems) - len(shown)
            raise CheckFailed(f"{len(problems)} problem(s) in {count} pages (largest page "
                              f"{largest} bytes):\n    " + "\n    ".join(shown) +
                              (f"\n    and {more} more" if more else ""))
        # The HTML scan reads every file: once per game is enough to catch a picture's link.
        check_offline_html(folder / f"{record.stem}-{count}.html")
        return f": {count} pages, largest {largest // 1024} KiB"

    def main(self):
        for sub in ("pages", "screenshots"):
            (self.work_dir / sub).mkdir(parents=True, exist_ok=True)
        self.browser = Browser(start_browser())
        try:
            for game, record, verdict in SAMPLES:
                self.group(f"{game} {verdict} sample {Path(record).name}",
                           self.sample_page, game, record, verdict)
            for game, record in PLAYER_COLUMN_SAMPLES:
                self.group(f"{game} turn columns name the player {Path(record).name}",
                           self.player_columns, record)
            self.group("multi-game page " + MULTI_GAME_SAMPLE, self.multi_game_page)
            self.group("publish --at and --title", self.opening_turn_option)
            for game in GAMES:
                self.group(f"{game}: {self.args.generated} generated games",
                           self.generated_games, game)
        finally:
            self.browser.driver.quit()


def argument_parser(doc, work_help):
    """The arguments every browser test takes: the binary, the repository, a work folder."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--jelimvre", required=True, help="the jelimvre binary to test")
    parser.add_argument("--source-dir", required=True, help="the repository (for samples/)")
    parser.add_argument("--work-dir", required=True, help=work_help)
    return parser


def run_checks(run, needed_files, passed_words):
    """Checks that the binary and `needed_files` (relative to the repository) are there, runs
    `run.main()`, prints the failed groups; the exit status (0, 1, or 2 when it cannot start)."""
    started = time.monotonic()
    try:
        if not os.access(run.args.jelimvre, os.X_OK):
            raise SetupProblem(f"{run.args.jelimvre} is not an executable jelimvre")
        for needed in needed_files:
            if not (run.source_dir / needed).exists():
                raise SetupProblem(f"{run.args.source_dir} holds no {needed}")
        run.main()
    except SetupProblem as problem:
        print(f"setup problem: {problem}", file=sys.stderr)
        return 2
    except CheckFailed as failure:  # outside a group: a page that could not be made
        run.failures.append(str(failure))
        print(f"FAIL  {failure}")
    elapsed = time.monotonic() - started
    if run.failures:
        print(f"\n{len(run.failures)} check group(s) failed ({elapsed:.0f}s):")
        for failure in run.failures:
            print(f"  {failure}")
        return 1
    print(f"\n{passed_words} ({elapsed:.0f}s)")
    return 0


def main():
    parser = argument_parser(__doc__, "where pages, generated records and screenshots are written")
    parser.add_argument("--generated", type=int, default=100,
                        help="random games generated per game (default 100)")
    return run_checks(Run(parser.parse_args()), [MULTI_GAME_SAMPLE], "all browser checks passed")


if __name__ == "__main__":
    sys.exit(main())
