show
--encoding
latin1
--game
2
--at
1
tests/golden/data/latin1-club.jgn
