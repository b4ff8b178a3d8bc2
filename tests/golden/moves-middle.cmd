moves
samples/strategy-encirclement.jgn
--at
19
