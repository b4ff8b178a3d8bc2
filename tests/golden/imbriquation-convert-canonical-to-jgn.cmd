convert
tests/golden/data/imbriquation-brief-example-canonical.jgn
--to
jgn
