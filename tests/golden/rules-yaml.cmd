rules
--format
yaml
--rules
samples/rulesets/lyon-open-2026.yaml
