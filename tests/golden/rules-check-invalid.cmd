rules
--check
tests/golden/data/bad-ruleset.yaml
