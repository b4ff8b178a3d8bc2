validate
samples/chessme/disputed-C7.4-check-answered-by-pawn.jgn
--compare
samples/rulesets/chessme-standard.yaml
samples/rulesets/chessme-publisher-summary.yaml
--format
json
