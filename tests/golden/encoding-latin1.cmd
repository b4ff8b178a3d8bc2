validate
--no-board
--encoding
latin1
tests/golden/data/latin1-club.jgn
