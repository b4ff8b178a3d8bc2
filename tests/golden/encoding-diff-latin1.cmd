diff
--encoding
latin1
tests/golden/data/latin1-club.jgn
tests/golden/data/latin1-club.jgn
