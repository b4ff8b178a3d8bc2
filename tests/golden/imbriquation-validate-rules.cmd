validate
--rules
samples/rulesets/imbriquation-booklet-literal.yaml
samples/imbriquation/disputed-I6.7-long-jump-over-two-pawns.jgn
