publish
samples/example.jgn
--at
x3
