validate
--format
json
tests/golden/data/no-game-tag-chessme.jgn
tests/golden/data/game-tag-misspelt.jgn
