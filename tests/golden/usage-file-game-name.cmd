show
samples/example.jgn
--game
jelimvre
