moves
samples/strategy-encirclement.jgn
