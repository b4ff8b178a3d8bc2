validate
--explain
samples/illegal-J4.1-two-army-moves.jgn
