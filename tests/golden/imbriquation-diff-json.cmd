diff
samples/imbriquation/legal-brief-example-rounds-complete.jgn
samples/imbriquation/illegal-I9.1-draw-written-after-rounds-complete.jgn
--format
json
