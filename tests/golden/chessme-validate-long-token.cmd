validate
--no-board
tests/golden/data/chessme-long-token.jgn
