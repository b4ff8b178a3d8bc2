validate
--format
json
--compare
standard
samples/rulesets/lyon-open-2026.yaml
samples/disputed-knight-takes-dragon.jgn
samples/legal-king-hunt.jgn
