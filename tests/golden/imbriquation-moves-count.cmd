moves
samples/imbriquation/legal-brief-example-rounds-complete.jgn
--at
22
--count
