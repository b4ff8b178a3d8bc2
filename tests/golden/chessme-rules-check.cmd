rules
--check
samples/rulesets/chessme-publisher-summary.yaml
