validate
--no-board
tests/golden/data/utf8-bom.jgn
