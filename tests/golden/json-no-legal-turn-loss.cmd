validate
--format
json
--rules
samples/rulesets/no-move-loses.yaml
samples/no-legal-turn-loss.jgn
