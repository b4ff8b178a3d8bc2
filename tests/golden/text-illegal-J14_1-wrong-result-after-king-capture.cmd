validate
samples/illegal-J14.1-wrong-result-after-king-capture.jgn
