#!/usr/bin/python3
"""Browser test of the published pages at three window widths: 400, 800 and 1280 CSS pixels.

The page of one legal sample of each game is opened in a headless Chromium whose window is set
through Chrome DevTools (Emulation.setDeviceMetricsOverride: the width, device scale factor 1, a
phone's viewport at 400). At each width: nothing scrolls sideways; at 400 the list of turns
stands under the board, at 1280 beside it; every text of the page outside the SVG picture is
drawn at 12 px or more. tests/browser/README.md says what is checked and how to run this by hand.

Exit status: 0 every check passed; 1 a check failed (each failure is printed with the page, the
width, the element and its numbers); 2 the test could not start (no Chromium, chromedriver,
Selenium or jelimvre).
"""

import base64
import sys
from pathlib import Path

# publish_test.py beside this file is imported: no __pycache__ left in the source tree.
sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
from publish_test import (  # noqa: E402  (the folder of this file is put on the path first)
    Browser, CheckFailed, CheckRun, argument_parser, run_checks, start_browser)

SAMPLES = [
    ("jelimvre", "samples/legal-king-hunt.jgn"),
    ("chessme", "samples/chessme/legal-checkmate-by-drop.jgn"),
    ("imbriquation", "samples/imbriquation/legal-first-dark-rounds-complete.jgn"),
]
# (width, height, a phone's viewport: the page's <meta name="viewport"> is obeyed)
WINDOWS = [(400, 860, True), (800, 1000, False), (1280, 900, False)]
SMALLEST_FONT = 12  # CSS px, for the text of the page; the SVG picture may scale
TOLERANCE = 0.5  # CSS px: layout rounds

# Everything the checks read of the page at one width, in one round trip.
MEASURE_LAYOUT = """
const tolerance = arguments[0];
function box(element) {
  if (!element) return null;
  const r = element.getBoundingClientRect();
  return {left: r.left, right: r.right, top: r.top + scrollY, bottom: r.bottom + scrollY,
          width: r.width, height: r.height};
}
function name(element) {
  let text = element.tagName.toLowerCase();
  if (element.id) text += '#' + element.id;
  for (const c of element.classList) text += '.' + c;
  return text;
}
function path(element) {
  const names = [];
  for (let e = element; e && e !== document.body; e = e.parentElement) names.unshift(name(e));
  return names.join(' > ');
}
const doc = document.documentElement, body = document.body;
const section = document.querySelector('section.game:not([hidden])');
// The elements that reach past the right edge of the window, innermost first: an element
// with such an element inside is left out, what is inside says what does not fit.
const beyond = [];
for (const element of body.querySelectorAll('*')) {
  if (element.closest('svg') && element.tagName.toLowerCase() !== 'svg') continue;
  const r = element.getBoundingClientRect();
  if (r.width > 0 && r.right > innerWidth + tolerance) beyond.push({element: element, rect: r});
}
const wide = beyond.filter(w => !beyond.some(o => o !== w && w.element.contains(o.element)))
                   .map(w => ({path: path(w.element), left: w.rect.left, right: w.rect.right,
                               width: w.rect.width}));
// Every text node with visible text outside the SVG: its element's computed font size.
const small = [];
const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const text = node.textContent.replace(/\\s+/g, ' ').trim();
  const element = node.parentElement;
  if (!text || !element || element.closest('svg')) continue;
  if (!element.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) continue;
  const range = document.createRange();
  range.selectNodeContents(node);
  if (!Array.from(range.getClientRects()).some(r => r.width > 0 && r.height > 0)) continue;
  const size = parseFloat(getComputedStyle(element).fontSize);
  if (size < arguments[1]) {
    small.push({path: path(element), text: text.slice(0, 60), fontSize: size});
  }
}
return {
  innerWidth: innerWidth, clientWidth: doc.clientWidth,
  documentScrollWidth: doc.scrollWidth, bodyScrollWidth: body.scrollWidth,
  board: box(section.querySelector('figure.board')),
  picture: box(section.querySelector('.board-picture')),
  svg: box(section.querySelector('.board-picture svg')),
  panel: box(section.querySelector('.moves-panel')),
  wide: wide.slice(0, 12),
  wideCount: wide.length,
  beyondCount: beyond.length,
  small: small,
};
"""


def describe(box):
    return (f"x {box['left']:.1f}..{box['right']:.1f}, y {box['top']:.1f}..{box['bottom']:.1f}"
            if box else "missing")


class Run(CheckRun):
    def set_window(self, width, height, mobile):
        self.browser.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})

    def screenshot(self, target):
        """The whole page, below the window too: Page.captureScreenshot beyond the viewport."""
        shot = self.browser.driver.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True})
        data = base64.b64decode(shot["data"])
        if data[:8] != b"\x89PNG\r\n\x1a\n":
            raise CheckFailed(f"{target}: the screenshot is not a PNG")
        target.write_bytes(data)

    def page_at_width(self, game, page_path, width, height, mobile):
        what = f"{page_path.name} at {width} px"
        self.set_window(width, height, mobile)
        # Loaded after the window is set: a phone's viewport is chosen when the page loads.
        self.browser.open(page_path.as_uri())
        seen = self.browser.driver.execute_script(MEASURE_LAYOUT, TOLERANCE, SMALLEST_FONT)
        self.screenshot(self.work_dir / "screenshots" / f"{game}-{width}.png")
        problems = []

        # (a) Nothing scrolls sideways. A phone's window that grows past its width says the
        # same: the page was wider than the screen.
        if seen["innerWidth"] != width:
            problems.append(f"window.innerWidth is {seen['innerWidth']}, not {width}: the page "
                            f"is wider than the screen")
        # The window less its vertical scroll bar, where the page has one.
        limit = min(seen["innerWidth"], width, seen["clientWidth"])
        for key, name in (("documentScrollWidth", "document.documentElement.scrollWidth"),
                          ("bodyScrollWidth", "document.body.scrollWidth")):
            if seen[key] > limit:
                problems.append(f"{name} is {seen[key]} > {limit}: the page scrolls sideways")
        if seen["wideCount"]:
            listed = "; ".join(f"{w['path']} (x {w['left']:.1f}..{w['right']:.1f}, width "
                               f"{w['width']:.1f})" for w in seen["wide"])
            more = seen["wideCount"] - len(seen["wide"])
            problems.append(f"{seen['beyondCount']} element(s) reach past the right edge "
                            f"({seen['innerWidth']} px), among them, innermost: {listed}"
                            + (f"; and {more} more" if more else ""))

        # (b) The board and the list of turns: stacked on a phone, side by side on a desk.
        board, panel = seen["board"], seen["panel"]
        where = (f"figure.board {describe(board)} (.board-picture {describe(seen['picture'])}), "
                 f".moves-panel {describe(panel)}")
        if not board or not panel:
            problems.append(f"no board or no list of turns: {where}")
        elif width == 400 and panel["top"] < board["bottom"] - TOLERANCE:
            problems.append(f"the list of turns should stand under the board: its top "
                            f"{panel['top']:.1f} is above the board's bottom "
                            f"{board['bottom']:.1f}; {where}")
        elif width == 1280 and (panel["left"] < board["right"] - TOLERANCE or
                                panel["top"] >= board["bottom"] - TOLERANCE):
            problems.append(f"the list of turns should stand beside the board: its left "
                            f"{panel['left']:.1f} against the board's right "
                            f"{board['right']:.1f}, its top {panel['top']:.1f} against the "
                            f"board's bottom {board['bottom']:.1f}; {where}")

        # (c) Every text outside the picture is readable without zooming.
        if seen["small"]:
            by_element = {}
            for text in seen["small"]:
                by_element.setdefault((text["path"], text["fontSize"]), []).append(text["text"])
            listed = "; ".join(f"{path_}: {size:g} px ({len(texts)}×, e.g. {texts[0]!r})"
                               for (path_, size), texts in by_element.items())
            problems.append(f"{len(seen['small'])} text(s) under {SMALLEST_FONT} px: {listed}")

        self.browser.check_console_clean(what)
        if problems:
            raise CheckFailed("\n    " + "\n    ".join(problems))
        return (f": page {seen['documentScrollWidth']} px wide, board {describe(board)}, "
                f"turns {describe(panel)}")

    def main(self):
        for sub in ("pages", "screenshots"):
            (self.work_dir / sub).mkdir(parents=True, exist_ok=True)
        self.browser = Browser(start_browser())
        try:
            for game, record in SAMPLES:
                page_path = self.work_dir / "pages" / (Path(record).stem + ".html")
                self.referee.run("publish", record, "-o", page_path, "--force")
                for width, height, mobile in WINDOWS:
                    self.group(f"{game} {page_path.name} at {width} px", self.page_at_width,
                               game, page_path, width, height, mobile)
        finally:
            try:
                self.browser.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
            finally:
                self.browser.driver.quit()


def main():
    parser = argument_parser(__doc__, "where the pages and the screenshots are written")
    return run_checks(Run(parser.parse_args()), [record for _, record in SAMPLES],
                      "all width checks passed")


if __name__ == "__main__":
    sys.exit(main())
