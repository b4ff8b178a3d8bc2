<samples/example.jgn
convert
-
--from
jgn
--to
yaml
