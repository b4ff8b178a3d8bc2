validate
--no-board
--set
adjacency_origin=occupied
samples/chessme/legal-stalemate.jgn
