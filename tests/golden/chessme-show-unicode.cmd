show
samples/chessme/legal-checkmate-by-drop.jgn
--at
5...
--format
unicode
--color
never
