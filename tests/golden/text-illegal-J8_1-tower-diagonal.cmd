validate
samples/illegal-J8.1-tower-diagonal.jgn
