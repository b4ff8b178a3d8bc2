convert
tests/golden/data/latin1-club.jgn
--to
jgn
