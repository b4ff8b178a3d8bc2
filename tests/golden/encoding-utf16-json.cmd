validate
--format
json
tests/golden/data/utf16le-bom.jgn
