validate
samples/disputed-knight-takes-dragon.jgn
--compare
standard
samples/rulesets/lyon-open-2026.yaml
