convert
samples/chessme/legal-promotion.jgn
--to
yaml
