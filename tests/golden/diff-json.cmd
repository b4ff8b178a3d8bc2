diff
tests/golden/data/diff-king-hunt-12-c3.jgn
samples/legal-king-hunt.jgn
--format
json
