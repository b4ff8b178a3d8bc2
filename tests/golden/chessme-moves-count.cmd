moves
samples/chessme/legal-checkmate-by-drop.jgn
--at
4...
--count
