show
samples/illegal-J7.2-double-step-blocked.jgn
