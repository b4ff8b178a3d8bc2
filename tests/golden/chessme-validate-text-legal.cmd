validate
samples/chessme/legal-checkmate-by-drop.jgn
