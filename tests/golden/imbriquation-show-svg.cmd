show
samples/imbriquation/legal-brief-example-rounds-complete.jgn
--at
29
--format
svg
