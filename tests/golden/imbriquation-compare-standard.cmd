validate
samples/imbriquation/disputed-I6.7-long-jump-over-two-pawns.jgn
--compare
standard
samples/rulesets/imbriquation-booklet-literal.yaml
