diff
samples/imbriquation/legal-brief-example-rounds-complete.jgn
tests/golden/data/imbriquation-diff-22-removal.jgn
