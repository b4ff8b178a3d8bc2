validate
--format
json
tests/golden/data/formats-shape-fault.json
