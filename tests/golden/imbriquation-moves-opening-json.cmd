moves
samples/imbriquation/legal-first-dark-rounds-complete.jgn
--at
1
--format
json
