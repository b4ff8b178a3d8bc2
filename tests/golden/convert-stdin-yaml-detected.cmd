<tests/golden/data/formats-chessme-illegal.yaml
convert
-
--to
jgn
