show
samples/example.jgn
--at
5...
