moves
samples/chessme/legal-stalemate.jgn
