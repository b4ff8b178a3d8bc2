rules
--check
samples/rulesets/imbriquation-booklet-literal.yaml
