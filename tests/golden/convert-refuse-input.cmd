convert
samples/example.jgn
--to
jgn
-o
samples/example.jgn
