moves
samples/strategy-encirclement.jgn
--at
0...
--max-placements
0
