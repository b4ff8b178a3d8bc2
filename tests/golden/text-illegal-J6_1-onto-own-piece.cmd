validate
samples/illegal-J6.1-onto-own-piece.jgn
