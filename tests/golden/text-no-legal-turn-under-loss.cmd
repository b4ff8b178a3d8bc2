validate
--no-board
--rules
samples/rulesets/no-move-loses.yaml
samples/no-legal-turn-draw.jgn
samples/no-legal-turn-loss.jgn
