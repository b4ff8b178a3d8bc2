validate
--no-board
tests/golden/data/cp1252-quotes.jgn
