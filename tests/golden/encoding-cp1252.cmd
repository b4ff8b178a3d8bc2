validate
--no-board
--encoding
cp1252
tests/golden/data/cp1252-quotes.jgn
