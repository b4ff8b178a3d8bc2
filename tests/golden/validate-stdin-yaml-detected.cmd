<tests/golden/data/formats-chessme-illegal.yaml
validate
--format
jsonl
-
