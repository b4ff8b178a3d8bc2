convert
samples/invalid-record.jgn
--to
json
