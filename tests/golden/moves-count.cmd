moves
samples/strategy-encirclement.jgn
--at
18...
--count
