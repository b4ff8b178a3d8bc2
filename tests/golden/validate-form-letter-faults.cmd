validate
--no-board
tests/golden/data/form-letter-faults.jgn
