validate
--format
json
samples/legal-king-hunt.jgn
