validate
samples/imbriquation/disputed-I6.7-long-jump-over-two-pawns.jgn
--compare
samples/rulesets/imbriquation-standard.yaml
samples/rulesets/imbriquation-booklet-literal.yaml
--format
json
