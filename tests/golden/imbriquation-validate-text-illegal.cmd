validate
samples/imbriquation/illegal-I4.2-placement-between-enemy-pawns.jgn
