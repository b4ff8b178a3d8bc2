show
samples/example.jgn
--at
99
