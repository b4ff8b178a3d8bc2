validate
--no-board
tests/golden/data/missing-setup.jgn
