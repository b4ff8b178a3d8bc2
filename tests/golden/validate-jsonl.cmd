validate
--format
jsonl
samples/invalid-record.jgn
samples/illegal-J7.1-soldier-too-far.jgn
