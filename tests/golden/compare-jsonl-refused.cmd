validate
--format
jsonl
--compare
standard
standard
samples/example.jgn
