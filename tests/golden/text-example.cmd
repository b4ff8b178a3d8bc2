validate
samples/example.jgn
