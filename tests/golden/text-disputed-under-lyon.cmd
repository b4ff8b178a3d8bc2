validate
--no-board
--rules
samples/rulesets/lyon-open-2026.yaml
samples/disputed-knight-takes-dragon.jgn
