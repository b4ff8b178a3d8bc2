<samples/invalid-record.jgn
validate
--format
json
-
