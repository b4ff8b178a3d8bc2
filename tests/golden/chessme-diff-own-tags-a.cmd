diff
tests/golden/data/chessme-diff-pile-known.jgn
samples/chessme/legal-declared-resignation.jgn
