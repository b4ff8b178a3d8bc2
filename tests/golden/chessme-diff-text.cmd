diff
samples/chessme/legal-declared-resignation.jgn
samples/chessme/disputed-C7.4-check-answered-by-pawn.jgn
