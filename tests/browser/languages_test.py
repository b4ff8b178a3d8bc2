#!/usr/bin/python3
"""Browser test of the published pages in French, German and Spanish: no English left.

For one legal and one illegal sample of each game, and for the folder of
tests/golden/data/round-of-three-games.jgn (its index and one page per game), the page is
published in English (--lang en) and in each language (--lang fr|de|es) and opened in a headless
Chromium. At three places (the frame the page opens on, the first position, the one after the
first turn) every visible text node, SVG text included, and every accessible name (aria-label,
title, the phone layout's data-label) is read. A text of the translated page that the English
page shows as well is English left over, unless each of its words is one of:

- a word of the record itself (a player, an event, a comment, an action: data, not the page's);
- a word of a code: a token with a digit, '/', '=', '|', '_', '@' or '.' in it (a square, an
  action, a turn number, a rule id, a position string, a file name);
- a single letter (a piece's letter in a picture);
- a word of the language's own that English writes the same (SAME_WORDS, each with its reason).

`<html lang>` is checked to be the page's language. tests/browser/README.md says how to run this
by hand.

Exit status: 0 every check passed; 1 a check failed (each failure lists the English texts left,
with the page and the place); 2 the test could not start (no Chromium, chromedriver, Selenium or
jelimvre).
"""

import re
import sys
from pathlib import Path

# publish_test.py beside this file is imported: no __pycache__ left in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
from publish_test import (  # noqa: E402  (the folder of this file is put on the path first)
    MULTI_GAME_SAMPLE, SAMPLES, Browser, CheckFailed, CheckRun, argument_parser, check_equal,
    run_checks, start_browser)

LANGUAGES = ["fr", "de", "es"]

# Words each language writes as English does: a text made of these (and of the record's words,
# digits and letters) may stand on both pages.
SAME_WORDS = {
    "fr": {
        "Date", "Page",  # the header's and the index's labels: the French words
        "Verdict",  # the French word for an arbiter's verdict
        "Position",  # the French word, before the position string
        "Score",  # Imbriquation's score: the French word
        "dragon",  # the Jelimvre piece (French booklet)
        "Jelimvre", "ChessMe", "Imbriquation",  # the games' names
    },
    "de": {
        "Jelimvre", "ChessMe", "Imbriquation",
    },
    "es": {
        "legal",  # the verdict: the Spanish word
        "Jelimvre", "ChessMe", "Imbriquation",
    },
}

# Every visible text and accessible name of the page, in document order, whitespace collapsed.
READ_TEXTS = """
const texts = [];
function add(text) {
  const t = (text || '').replace(/\\s+/g, ' ').trim();
  if (t) texts.push(t);
}
function visible(element) {
  for (let e = element; e; e = e.parentElement) {
    if (e.hidden) return false;
    const style = getComputedStyle(e);
    if (style.display === 'none' || style.visibility === 'hidden') return false;
  }
  return true;
}
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const parent = node.parentElement;
  if (!parent || ['SCRIPT', 'STYLE'].includes(parent.tagName)) continue;
  if (parent.closest('desc, title')) continue;  // an SVG's description: not drawn
  if (visible(parent)) add(node.textContent);
}
for (const element of document.body.querySelectorAll('[aria-label], [title], [data-label]')) {
  if (!visible(element)) continue;
  add(element.getAttribute('aria-label'));
  add(element.getAttribute('title'));
  add(element.getAttribute('data-label'));
}
add(document.title);
return {lang: document.documentElement.getAttribute('lang'), texts: texts};
"""

WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
# A token with one of these in it is a code: a square, an action, a position string, a file
# name, a rule id, a date.
CODE = re.compile(r"[\d/=|_@.]")
LISTED_PER_PAGE = 5  # texts left shown per page and place: enough to see what is wrong
LISTED_LENGTH = 80


class Run(CheckRun):
    def publish(self, language, record, output):
        self.referee.run("publish", record, "--lang", language, "-o", output, "--force")

    def texts_at(self, url):
        """The page's texts at the frame it opens on, at the first position and after the first
        turn: {place: {"lang": ..., "texts": [...]}}."""
        self.browser.open(url)
        places = {"opening": self.browser.driver.execute_script(READ_TEXTS)}
        if self.browser.driver.execute_script(
                "return !!document.querySelector('section.game:not([hidden]) figure.board')"):
            self.browser.home()
            places["start"] = self.browser.driver.execute_script(READ_TEXTS)
            self.browser.right()
            places["turn 1"] = self.browser.driver.execute_script(READ_TEXTS)
        return places

    def english_left(self, language, english_texts, texts, record_words):
        """The texts of the translated page that the English page shows too and that hold a
        word of neither the record nor the language's SAME_WORDS."""
        left = []
        for text in texts:
            if text not in english_texts:
                continue
            words = [word for token in text.split() if not CODE.search(token)
                     for word in WORD.findall(token)
                     if len(word) > 1 and word not in record_words
                     and word not in SAME_WORDS[language]]
            if words and text not in left:
                left.append(text)
        return left

    def check_pages(self, language, pages, record):
        """`pages`: [(name, English page, translated page)] published from `record`."""
        record_words = set(WORD.findall((self.source_dir / record).read_text(encoding="utf-8")))
        problems = []
        for name, english_page, page in pages:
            english = self.texts_at(english_page.as_uri())
            translated = self.texts_at(page.as_uri())
            for place, seen in translated.items():
                check_equal(seen["lang"], language, f"{name}: <html lang>")
                english_texts = set(english.get(place, {"texts": []})["texts"])
                left = self.english_left(language, english_texts, seen["texts"], record_words)
                if left:
                    shown = [text[:LISTED_LENGTH] for text in left[:LISTED_PER_PAGE]]
                    problems.append(f"{name} ({place}): {shown}")
            self.browser.check_console_clean(name)
        if problems:
            raise CheckFailed("English left on the page: " + "; ".join(problems))

    def sample(self, language, game, record):
        pages = []
        stem = Path(record).stem
        english = self.work_dir / "en" / f"{stem}.html"
        translated = self.work_dir / language / f"{stem}.html"
        self.publish("en", record, english)
        self.publish(language, record, translated)
        pages.append((translated.name, english, translated))
        self.check_pages(language, pages, record)

    def folder(self, language):
        english = self.work_dir / "en" / "round"
        translated = self.work_dir / language / "round"
        self.publish("en", MULTI_GAME_SAMPLE, str(english) + "/")
        self.publish(language, MULTI_GAME_SAMPLE, str(translated) + "/")
        names = sorted(p.name for p in english.glob("*.html"))
        check_equal(sorted(p.name for p in translated.glob("*.html")), names,
                    "the folder's pages")
        self.check_pages(language, [(f"round/{name}", english / name, translated / name)
                                    for name in names], MULTI_GAME_SAMPLE)

    def main(self):
        for language in ["en", *LANGUAGES]:
            (self.work_dir / language).mkdir(parents=True, exist_ok=True)
        self.browser = Browser(start_browser())
        try:
            for language in LANGUAGES:
                for game, record, _ in SAMPLES:
                    self.group(f"{language}: {record}", self.sample, language, game, record)
                self.group(f"{language}: the folder of {MULTI_GAME_SAMPLE}", self.folder,
                           language)
        finally:
            self.browser.driver.quit()


def main():
    parser = argument_parser(__doc__, "where the pages are written")
    return run_checks(Run(parser.parse_args()), [MULTI_GAME_SAMPLE],
                      "no English left on the pages in " + ", ".join(LANGUAGES))


if __name__ == "__main__":
    sys.exit(main())
