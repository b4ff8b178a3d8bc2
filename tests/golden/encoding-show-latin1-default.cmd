show
tests/golden/data/latin1-club.jgn
