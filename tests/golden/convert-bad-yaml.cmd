convert
tests/golden/data/convert-bad.yaml
--to
jgn
