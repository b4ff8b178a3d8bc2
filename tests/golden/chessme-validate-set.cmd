validate
--no-board
samples/chessme/legal-stalemate.jgn
samples/chessme/legal-promotion.jgn
--set
adjacency_origin=occupied
