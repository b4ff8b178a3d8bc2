validate
samples/imbriquation/legal-first-dark-rounds-complete.jgn
