diff
samples/imbriquation/illegal-I9.1-draw-written-after-rounds-complete.jgn
samples/imbriquation/legal-brief-example-rounds-complete.jgn
