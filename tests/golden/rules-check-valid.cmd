rules
--check
samples/rulesets/team-blitz.yaml
