validate
samples/no-such-file.jgn
