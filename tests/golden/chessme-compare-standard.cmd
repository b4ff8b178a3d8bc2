validate
samples/chessme/disputed-C7.4-check-answered-by-pawn.jgn
--compare
standard
samples/rulesets/chessme-publisher-summary.yaml
