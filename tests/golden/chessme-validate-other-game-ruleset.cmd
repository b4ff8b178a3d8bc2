validate
--no-board
samples/chessme/legal-stalemate.jgn
--rules
samples/rulesets/lyon-open-2026.yaml
