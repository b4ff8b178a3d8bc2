rules
--rules
samples/rulesets/imbriquation-booklet-literal.yaml
