validate
--encoding
ebcdic
tests/golden/data/latin1-club.jgn
