validate
--format
json
samples/chessme/legal-stalemate.jgn
