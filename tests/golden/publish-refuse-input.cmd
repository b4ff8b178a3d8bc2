publish
samples/example.jgn
-o
samples/example.jgn
