show
tests/golden/data/chessme-far-groups.jgn
--format
unicode
