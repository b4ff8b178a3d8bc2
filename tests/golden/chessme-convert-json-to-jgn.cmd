convert
tests/golden/chessme-legal-promotion.json
--to
jgn
