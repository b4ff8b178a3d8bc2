show
samples/example.jgn
--at
five
