validate
samples/illegal-J7.1-soldier-sideways.jgn
