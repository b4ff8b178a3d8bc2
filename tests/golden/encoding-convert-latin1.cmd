convert
tests/golden/data/latin1-club.jgn
--encoding
latin1
--to
jgn
