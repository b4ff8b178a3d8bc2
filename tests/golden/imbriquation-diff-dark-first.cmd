diff
samples/imbriquation/legal-first-dark-rounds-complete.jgn
tests/golden/data/imbriquation-diff-dark-first-3b.jgn
