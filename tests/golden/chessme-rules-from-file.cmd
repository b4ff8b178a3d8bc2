rules
--rules
samples/rulesets/chessme-publisher-summary.yaml
