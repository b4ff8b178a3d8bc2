publish
samples/invalid-record.jgn
