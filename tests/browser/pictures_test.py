#!/usr/bin/python3
"""Browser test of the games' SVG pictures: every text lies inside its picture.

Every sample record under samples/ is published to a page and opened in a headless Chromium;
the page's own controls step each game from its first frame to its last, and on every frame each
<text> of the board's picture is measured (getBBox, taken to the root's user units through the
transforms of the groups around it) against the
picture's viewBox. The pictures `jelimvre show --format svg` prints (the final position, the
first turn, the middle turn) are measured the same way. tests/browser/README.md says what is
checked and how to run this by hand.

Exit status: 0 every text fits; 1 some text leaves its picture, or a page or picture could not
be made or measured (each is printed with the record, the frame or turn, the text, its box and
the picture's size); 2 the test could not start (no Chromium, chromedriver, Selenium, DejaVu
Sans or jelimvre).
"""

import os
import shutil
import subprocess
import sys
import time
import traceback
from pathlib import Path

# publish_test.py beside this file is imported: no __pycache__ left in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
from publish_test import (  # noqa: E402  (the folder of this file is put on the path first)
    Browser, CheckFailed, CheckRun, SetupProblem, argument_parser, check, start_browser,
    turn_label)

# A text may reach this far past the viewBox's edge, in user units: getBBox rounds.
TOLERANCE = 0.5
SAMPLES_DIR = "samples"
# The pictures ask for DejaVu Sans first, and the C++ side lays their text out with its widths
# (src/core/svg_text.hpp): measured in another font the test would judge another picture.
DEJAVU_SANS = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")

# Measures one SVG element: its box (the viewBox, else width × height) and every <text> whose
# box leaves it. For a text without child elements, the extent its x, its text-anchor and
# getComputedTextLength() give is added to getBBox()'s: the two must both fit.
MEASURE_SVG = """
function measureSvg(svg, tolerance) {
  if (!svg) return null;
  const vb = svg.viewBox && svg.viewBox.baseVal;
  const box = (vb && (vb.width > 0 || vb.height > 0))
      ? {x: vb.x, y: vb.y, width: vb.width, height: vb.height}
      : {x: 0, y: 0, width: svg.width.baseVal.value, height: svg.height.baseVal.value};
  const picture = {box: box, width: svg.getAttribute('width'), height: svg.getAttribute('height'),
                   viewBox: svg.getAttribute('viewBox'), texts: 0, squeezed: 0, outside: []};
  for (const text of svg.querySelectorAll('text')) {
    picture.texts += 1;
    if (text.hasAttribute('textLength')) picture.squeezed += 1;
    const b = text.getBBox();
    let left = b.x, right = b.x + b.width;
    const length = text.getComputedTextLength();
    if (text.children.length === 0 && text.x.baseVal.numberOfItems > 0) {
      const x = text.x.baseVal.getItem(0).value;
      const anchor = getComputedStyle(text).textAnchor;
      const start = anchor === 'middle' ? x - length / 2 : anchor === 'end' ? x - length : x;
      left = Math.min(left, start);
      right = Math.max(right, start + length);
    }
    let top = b.y, bottom = b.y + b.height;
    // A text inside a group moved by a transform (a picture whose title takes several lines
    // moves its board down): its box in the root's user units.
    const rootCtm = svg.getCTM(), textCtm = text.getCTM();
    if (rootCtm && textCtm) {
      const toRoot = rootCtm.inverse().multiply(textCtm);
      const corners = [[left, top], [right, top], [left, bottom], [right, bottom]].map(
          ([px, py]) => new DOMPoint(px, py).matrixTransform(toRoot));
      left = Math.min(...corners.map(c => c.x));
      right = Math.max(...corners.map(c => c.x));
      top = Math.min(...corners.map(c => c.y));
      bottom = Math.max(...corners.map(c => c.y));
    }
    if (left < box.x - tolerance || top < box.y - tolerance ||
        right > box.x + box.width + tolerance || bottom > box.y + box.height + tolerance) {
      picture.outside.push({text: text.textContent, x: b.x, y: b.y, width: b.width,
                            height: b.height, left: left, right: right, length: length,
                            fontSize: getComputedStyle(text).fontSize});
    }
  }
  return picture;
}
"""

# Steps the shown game of a page from its first frame to its last with the page's own buttons
# (nav-first, then nav-next until it is disabled), measuring the board's picture on each frame:
# one round trip per game.
MEASURE_FRAMES = MEASURE_SVG + """
const tolerance = arguments[0];
const section = document.querySelector('section.game:not([hidden])');
const first = section.querySelector('button.nav-first');
const next = section.querySelector('button.nav-next');
const board = section.querySelector('figure.board');
if (!first.disabled) first.click();
const frames = [];
for (let guard = 0; guard < 5000; ++guard) {
  frames.push({turn: board.getAttribute('data-turn'),
               picture: measureSvg(section.querySelector('.board-picture svg'), tolerance)});
  if (next.disabled) break;
  next.click();
}
return frames;
"""

# A picture of `show --format svg` opened as a file: the document is the SVG.
MEASURE_DOCUMENT = MEASURE_SVG + """
return measureSvg(document.documentElement.namespaceURI === 'http://www.w3.org/2000/svg'
                  ? document.documentElement : document.querySelector('svg'), arguments[0]);
"""

READ_GAMES = """
return Array.from(document.querySelectorAll('section.game')).map(s => ({
  number: Number(s.getAttribute('data-game')),
  verdict: s.getAttribute('data-verdict'),
  hasBoard: !!s.querySelector('figure.board'),
  turns: Array.from(s.querySelectorAll('button.turn')).map(b => ({
    turn: b.getAttribute('data-turn'),
    frame: b.hasAttribute('data-frame') ? Number(b.getAttribute('data-frame')) : null,
    fault: b.classList.contains('fault')})),
}));
"""


def describe_box(outside):
    return (f"box x {outside['x']:.1f}..{outside['x'] + outside['width']:.1f}, "
            f"y {outside['y']:.1f}..{outside['y'] + outside['height']:.1f}"
            + (f" (drawn x {outside['left']:.1f}..{outside['right']:.1f}, length "
               f"{outside['length']:.1f})"
               if (abs(outside['left'] - outside['x']) > TOLERANCE or
                   abs(outside['right'] - outside['x'] - outside['width']) > TOLERANCE) else "")
            + f", font-size {outside['fontSize']}")


def describe_picture(picture):
    box = picture["box"]
    return (f"picture {box['width']:g}×{box['height']:g} (viewBox {picture['viewBox']!r}, "
            f"width {picture['width']!r}, height {picture['height']!r})")


def overflow(outside, box):
    """How far the text leaves the box, side by side, in user units."""
    sides = {
        "left": box["x"] - outside["left"],
        "top": box["y"] - outside["y"],
        "right": outside["right"] - box["x"] - box["width"],
        "bottom": outside["y"] + outside["height"] - box["y"] - box["height"],
    }
    return ", ".join(f"{by:.1f} past the {side}" for side, by in sides.items() if by > TOLERANCE)


def frame_ranges(frames):
    """[3, 4, 5, 9] as "3-5, 9"."""
    ranges, start, previous = [], None, None
    for frame in frames:
        if start is None:
            start = previous = frame
        elif frame == previous + 1:
            previous = frame
        else:
            ranges.append((start, previous))
            start = previous = frame
    if start is not None:
        ranges.append((start, previous))
    return ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in ranges)


class Run(CheckRun):
    def __init__(self, args):
        super().__init__(args)
        # One entry per text found outside its picture: (where, frame or turn, outside, picture).
        self.offences = []
        # Pages, games or pictures that could not be made or measured.
        self.problems = []
        self.faulty_not_drawn = []  # `show --at FAULTY` commands that drew nothing
        self.skipped = 0  # unreadable games: no position, no picture
        self.measured = {"pages": 0, "games": 0, "frames": 0, "page texts": 0,
                         "show pictures": 0, "show texts": 0, "squeezed": 0}

    def records(self):
        samples = self.source_dir / SAMPLES_DIR
        return sorted(str(path.relative_to(self.source_dir)) for path in samples.rglob("*.jgn"))

    def page_name(self, record):
        # samples/chessme/legal-declared-resignation.jgn and the Imbriquation one share a stem.
        return "-".join(Path(record).with_suffix("").parts[1:])

    def offend(self, where, at, picture):
        for outside in picture["outside"]:
            self.offences.append((where, at, outside, picture))

    # --- the published pages ---------------------------------------------------------------------

    def publishing(self, record):
        """The pages to write of `record`: [(page name, publish's extra arguments, the file's
        game number when the page holds one game picked with --game-index)]. A file whose games
        all read makes one page, a game list when it holds several; an unreadable game has no
        position and no picture, so a file with one gets a page per readable game."""
        games = self.referee.validation(record)
        readable = [number for number, game in enumerate(games, start=1)
                    if game["verdict"] != "invalid-record"]
        self.skipped += len(games) - len(readable)
        name = self.page_name(record)
        if len(readable) == len(games):
            return [(name, [], None)]
        return [(f"{name}-game{number}", ["--game-index", number], number) for number in readable]

    def page(self, record, name, extra, game_index):
        """Publishes `record` (with `extra` arguments), steps every game of its page and measures
        every frame. Returns [(the file's game number, the game's turn buttons)]."""
        page_path = self.work_dir / "pages" / (name + ".html")
        self.referee.run("publish", record, *extra, "-o", page_path, "--force")
        browser = self.browser
        browser.open(page_path.as_uri())
        games = browser.driver.execute_script(READ_GAMES)
        check(games, f"{page_path.name}: no section.game")
        self.measured["pages"] += 1
        replayed = []
        for game in games:
            number = game["number"]
            where = f"{page_path.name}" + (f" game {number}" if len(games) > 1 else "")
            if not game["hasBoard"]:
                self.problems.append(f"{where}: a {game['verdict']} game without a board")
                continue
            if len(games) > 1:
                browser.driver.execute_script(
                    "document.querySelector(arguments[0]).click();",
                    f'nav.game-list a[href="#game={number}"]')
                browser.wait_for_game(number, f"{page_path.name}: after clicking game {number}")
            frames = browser.driver.execute_script(MEASURE_FRAMES, TOLERANCE)
            check(frames, f"{where}: no frame measured")
            # Every button with a data-frame, the faulty turn's too, points at a frame to reach.
            pointed = [t["frame"] for t in game["turns"] if t["frame"] is not None]
            self.measured["games"] += 1
            for index, frame in enumerate(frames):
                if frame["picture"] is None:
                    self.problems.append(f"{where}: frame {index} (turn {frame['turn']}) has no "
                                         f"SVG picture")
                    continue
                self.measured["frames"] += 1
                self.measured["page texts"] += frame["picture"]["texts"]
                self.measured["squeezed"] += frame["picture"]["squeezed"]
                self.offend(where, (index, frame["turn"]), frame["picture"])
            expected = max(pointed) + 1 if pointed else 1
            if len(frames) != expected:
                self.problems.append(f"{where}: nav-next went through {len(frames)} frames, the "
                                     f"turn buttons point at {expected}")
            replayed.append((game_index or number, game["turns"]))
        browser.check_console_clean(page_path.name)
        return replayed

    # --- the pictures of `show` ------------------------------------------------------------------

    def show_pictures(self, record, games):
        """`show --format svg`: the final position, and --at the first and the middle turn, and
        the faulty turn of an illegal game when show draws it."""
        for number, turns in games:
            frames = sorted((t["frame"], t["turn"]) for t in turns
                            if t["frame"] is not None and not t["fault"])
            labels = []
            if frames:
                labels.append(turn_label(frames[0][1]))
                labels.append(turn_label(frames[(len(frames) - 1) // 2][1]))
            faulty = [turn_label(t["turn"]) for t in turns if t["fault"]]
            for label in [None] + sorted(set(labels), key=labels.index) + faulty:
                self.show_picture(record, number, label, label in faulty)

    def show_picture(self, record, number, label, is_fault):
        arguments = ["show", record, "--game", number, "--format", "svg"]
        if label is not None:
            arguments += ["--at", label]
        output = self.referee.run(*arguments, expect_success=False)
        command = "jelimvre " + " ".join(map(str, arguments))
        if is_fault and output.returncode != 0 and not output.stdout.strip():
            # show draws the positions the legal part of the record reaches; the faulty turn's
            # own position is not one of them (exit status 1, the fault on standard error).
            self.faulty_not_drawn.append(f"{command}: exit status {output.returncode}, "
                                         f"{output.stderr.strip().splitlines()[-1]!r}")
            return
        # The faulty turn is drawn on the position it started from, with exit status 1.
        if output.returncode not in ((0, 1) if is_fault else (0,)) or "<svg" not in output.stdout:
            self.problems.append(f"{command}: exit status {output.returncode}, "
                                 f"{len(output.stdout)} characters of picture: "
                                 f"{output.stderr.strip()[-300:]}")
            return
        at = "final" if label is None else label.replace(".", "d")
        name = f"{self.page_name(record)}-game{number}-{at}.svg"
        svg_path = self.work_dir / "svg" / name
        svg_path.write_text(output.stdout, encoding="utf-8")
        self.browser.driver.get(svg_path.as_uri())
        picture = self.browser.driver.execute_script(MEASURE_DOCUMENT, TOLERANCE)
        if picture is None:
            self.problems.append(f"{command}: Chromium shows no <svg> in {svg_path}")
            return
        self.measured["show pictures"] += 1
        self.measured["show texts"] += picture["texts"]
        self.measured["squeezed"] += picture["squeezed"]
        where = f"{name} ({command.replace(' --format svg', '')})"
        self.offend(where, "final position" if label is None else f"after {label}", picture)

    # --- the report ------------------------------------------------------------------------------

    def report(self):
        """Every offending text, grouped: the same text with the same box on consecutive frames
        of a page is one line that lists the frames. The ungrouped list goes to a file."""
        listing = self.work_dir / "texts-outside.txt"
        lines = []
        groups = {}
        for where, at, outside, picture in self.offences:
            if isinstance(at, tuple):
                frame, turn = at
                lines.append(f"{where}: frame {frame} (turn {turn}): {outside['text']!r}: "
                             f"{describe_box(outside)}; {describe_picture(picture)}")
            else:
                lines.append(f"{where}: {at}: {outside['text']!r}: {describe_box(outside)}; "
                             f"{describe_picture(picture)}")
            key = (where, outside["text"], round(outside["x"], 1), round(outside["y"], 1),
                   round(outside["width"], 1), round(outside["height"], 1),
                   picture["box"]["width"], picture["box"]["height"])
            groups.setdefault(key, []).append((at, outside, picture))
        listing.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        printed = []
        for (where, text, *_), seen in groups.items():
            at, outside, picture = seen[0]
            if isinstance(at, tuple):
                frames = [a[0] for a, _, _ in seen]
                turns = [a[1] for a, _, _ in seen]
                when = (f"frame {frames[0]} (turn {turns[0]})" if len(seen) == 1 else
                        f"frames {frame_ranges(frames)} ({len(seen)} frames, turns {turns[0]} to "
                        f"{turns[-1]})")
            else:
                when = at
            printed.append(f"{where}: {when}: text {text!r}: {describe_box(outside)}, "
                           f"{overflow(outside, picture['box'])}; {describe_picture(picture)}")
        return printed, listing

    def main(self):
        for sub in ("pages", "svg"):
            folder = self.work_dir / sub
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True, exist_ok=True)
        records = self.records()
        check(records, f"no *.jgn under {self.source_dir / SAMPLES_DIR}")
        self.browser = Browser(start_browser())
        started = time.monotonic()
        try:
            for record in records:
                before = len(self.offences)
                try:
                    for name, extra, game_index in self.publishing(record):
                        games = self.page(record, name, extra, game_index)
                        self.show_pictures(record, games)
                except CheckFailed as failure:
                    self.problems.append(f"{record}: {failure}")
                    continue
                except Exception as error:  # a browser error: this record's, not the run's
                    self.problems.append(f"{record}: unexpected {error!r}\n"
                                         f"{traceback.format_exc()}")
                    continue
                finally:
                    self.browser.console_errors()
                found = len(self.offences) - before
                print(f"{'ok  ' if not found else 'FAIL'}  {record}"
                      + (f": {found} text(s) outside their picture" if found else ""),
                      flush=True)
        finally:
            self.browser.driver.quit()
        measured = self.measured
        print(f"\nmeasured {measured['page texts']} texts on {measured['frames']} frames of "
              f"{measured['games']} games ({measured['pages']} pages), and "
              f"{measured['show texts']} texts of {measured['show pictures']} pictures of "
              f"show ({time.monotonic() - started:.0f}s)")
        if measured["squeezed"]:
            print(f"note: {measured['squeezed']} measured texts carry a textLength attribute "
                  f"(squeezed or stretched to fit)")
        if self.skipped:
            print(f"note: {self.skipped} unreadable game(s) skipped: no position, no picture")
        if self.faulty_not_drawn:
            print(f"note: show --at the faulty turn drew no picture for "
                  f"{len(self.faulty_not_drawn)} illegal game(s) (the position before it is "
                  f"show's final one, measured), e.g. {self.faulty_not_drawn[0]}")


def fonts_present():
    """DejaVu Sans, as fontconfig (which Chromium asks) knows it."""
    if shutil.which("fc-list"):
        listed = subprocess.run(["fc-list", ":family=DejaVu Sans"], capture_output=True,
                                text=True).stdout
        return bool(listed.strip())
    return DEJAVU_SANS.exists()


def main():
    args = argument_parser(
        __doc__, "where pages, pictures and the list of texts outside are written").parse_args()
    started = time.monotonic()
    run = Run(args)
    try:
        if not os.access(args.jelimvre, os.X_OK):
            raise SetupProblem(f"{args.jelimvre} is not an executable jelimvre")
        if not (Path(args.source_dir) / SAMPLES_DIR).is_dir():
            raise SetupProblem(f"{args.source_dir} holds no {SAMPLES_DIR}/")
        if not fonts_present():
            raise SetupProblem("DejaVu Sans is missing: install fonts-dejavu-core")
        run.main()
    except SetupProblem as problem:
        print(f"setup problem: {problem}", file=sys.stderr)
        return 2
    except CheckFailed as failure:
        run.problems.append(str(failure))
    elapsed = time.monotonic() - started
    printed, listing = run.report()
    if run.offences or run.problems:
        if run.offences:
            print(f"\n{len(run.offences)} text(s) outside their picture ({len(printed)} distinct; "
                  f"every one in {listing}):")
            for line in printed:
                print(f"  {line}")
        if run.problems:
            print(f"\n{len(run.problems)} page(s) or picture(s) not measured:")
            for problem in run.problems:
                print(f"  {problem}")
        print(f"\nFAIL ({elapsed:.0f}s)")
        return 1
    print(f"\nevery text inside its picture ({elapsed:.0f}s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
