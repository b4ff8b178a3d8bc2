show
--encoding
utf-16
--game
3
tests/golden/data/utf16be-club.jgn
