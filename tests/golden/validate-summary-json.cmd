validate
--summary
--format
json
samples/invalid-record.jgn
samples/illegal-J7.1-soldier-too-far.jgn
samples/no-such-file.jgn
