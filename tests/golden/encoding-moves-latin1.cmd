moves
--encoding
latin1
--game
3
--count
tests/golden/data/latin1-club.jgn
