validate
--explain
samples/chessme/illegal-C5.2-rook-slides-far-out.jgn
