convert
samples/imbriquation/legal-brief-example-rounds-complete.jgn
--to
jgn
