validate
samples/illegal-J14.2-wrong-turn-number.jgn
