moves
samples/imbriquation/legal-brief-example-rounds-complete.jgn
