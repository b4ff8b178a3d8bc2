show
samples/chessme/legal-checkmate-by-drop.jgn
--at
2
--format
svg
