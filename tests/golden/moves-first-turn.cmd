moves
samples/strategy-encirclement.jgn
--at
1
--max-placements
1
--count
