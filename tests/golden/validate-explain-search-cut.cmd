validate
--explain
--no-board
tests/golden/data/explain-many-turns.jgn
