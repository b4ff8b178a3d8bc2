validate
--format
json
tests/golden/data/notes-I9_3.json
