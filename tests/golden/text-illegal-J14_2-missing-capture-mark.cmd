validate
samples/illegal-J14.2-missing-capture-mark.jgn
