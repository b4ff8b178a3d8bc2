validate
samples/illegal-J7.3-diagonal-without-capture.jgn
