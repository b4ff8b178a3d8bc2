convert
tests/golden/chessme-legal-promotion.yaml
--to
jgn
