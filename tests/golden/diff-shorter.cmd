diff
samples/legal-king-hunt.jgn
tests/golden/data/diff-king-hunt-short.jgn
