publish
samples/chessme/illegal-C10.4-move-after-checkmate.jgn
