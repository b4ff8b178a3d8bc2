validate
--explain
samples/illegal-J8.6-king-two-squares.jgn
