validate
samples/imbriquation/legal-brief-example-rounds-complete.jgn
--compare
standard
standard
--set
long_jump=several
