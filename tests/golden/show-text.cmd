show
samples/example.jgn
--at
8
