moves
samples/imbriquation/legal-first-dark-rounds-complete.jgn
--at
20...
--count
