convert
tests/golden/data/convert-example.yaml
--to
jgn
