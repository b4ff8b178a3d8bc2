publish
tests/golden/data/binary.jgn
