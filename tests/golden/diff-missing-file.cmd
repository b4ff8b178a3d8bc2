diff
samples/legal-king-hunt.jgn
tests/golden/data/diff-no-such-sheet.jgn
