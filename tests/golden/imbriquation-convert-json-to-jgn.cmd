convert
tests/golden/imbriquation-brief-example.json
--to
jgn
