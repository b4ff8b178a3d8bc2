diff
tests/golden/data/latin1-club.jgn
tests/golden/data/latin1-club.jgn
--game
2
