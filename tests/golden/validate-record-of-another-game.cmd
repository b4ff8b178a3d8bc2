validate
--no-board
tests/golden/data/no-game-tag-chessme.jgn
tests/golden/data/no-game-tag-imbriquation.jgn
tests/golden/data/game-tag-misspelt.jgn
