validate
samples/illegal-J7.2-second-double-step.jgn
