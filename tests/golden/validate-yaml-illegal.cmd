validate
--no-board
tests/golden/data/formats-chessme-illegal.yaml
