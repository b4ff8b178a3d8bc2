diff
samples/legal-king-hunt.jgn
tests/golden/data/diff-king-hunt-black.jgn
