validate
samples/illegal-J8.4-knight-pattern.jgn
