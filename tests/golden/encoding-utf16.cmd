validate
--no-board
--encoding
utf-16
tests/golden/data/utf16le-bom.jgn
