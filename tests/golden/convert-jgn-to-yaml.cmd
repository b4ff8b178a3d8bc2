convert
samples/example.jgn
--to
yaml
