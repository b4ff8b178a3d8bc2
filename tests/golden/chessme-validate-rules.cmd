validate
--rules
samples/rulesets/chessme-publisher-summary.yaml
samples/chessme/disputed-C7.4-check-answered-by-pawn.jgn
