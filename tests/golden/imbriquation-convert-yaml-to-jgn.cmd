convert
tests/golden/imbriquation-brief-example.yaml
--to
jgn
