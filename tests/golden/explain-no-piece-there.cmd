validate
--explain
samples/illegal-J6.1-no-piece-there.jgn
