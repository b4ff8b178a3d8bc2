show
tests/golden/data/utf16be-club.jgn
