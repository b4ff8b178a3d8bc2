validate
samples/no-legal-turn-draw.jgn
--compare
samples/rulesets/standard.yaml
samples/rulesets/no-move-loses.yaml
