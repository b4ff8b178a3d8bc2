validate
--no-board
--jobs
3
tests/golden/data/latin1-club.jgn
tests/golden/data/latin1-club.jgn
