convert
samples/example.jgn
--to
yaml
-o
tests/golden/data/convert-example.yaml
