publish
samples/example.jgn
--game-index
9
