validate
samples/invalid-record.jgn
