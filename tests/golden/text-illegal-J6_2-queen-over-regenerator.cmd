validate
samples/illegal-J6.2-queen-over-regenerator.jgn
