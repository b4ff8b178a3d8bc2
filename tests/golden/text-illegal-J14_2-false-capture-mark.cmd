validate
samples/illegal-J14.2-false-capture-mark.jgn
