validate
--no-board
tests/golden/data/latin1-club.jgn
