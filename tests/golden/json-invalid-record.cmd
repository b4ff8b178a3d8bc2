validate
--format
json
samples/invalid-record.jgn
