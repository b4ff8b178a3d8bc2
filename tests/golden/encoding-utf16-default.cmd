validate
--no-board
tests/golden/data/utf16le-bom.jgn
