show
tests/golden/data/formats-chessme-illegal.yaml
