diff
samples/legal-king-hunt.jgn
tests/golden/data/diff-king-hunt-12-c3.jgn
