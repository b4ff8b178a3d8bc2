referee
samples/example.jgn
