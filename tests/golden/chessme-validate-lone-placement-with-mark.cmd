validate
--no-board
tests/golden/data/chessme-lone-placement-with-mark.jgn
