convert
samples/chessme/legal-promotion.jgn
--to
jgn
