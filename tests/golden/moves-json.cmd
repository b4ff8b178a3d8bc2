moves
samples/strategy-encirclement.jgn
--at
0...
--max-placements
0
--format
json
