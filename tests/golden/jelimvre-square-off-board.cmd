validate
--no-board
tests/golden/data/offboard-squares.jgn
