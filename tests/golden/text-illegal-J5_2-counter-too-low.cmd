validate
samples/illegal-J5.2-counter-too-low.jgn
