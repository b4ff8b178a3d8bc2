validate
--rules
tests/golden/data/bad-ruleset.yaml
samples/legal-king-hunt.jgn
