validate
--format
json
tests/golden/data/latin1-club.jgn
