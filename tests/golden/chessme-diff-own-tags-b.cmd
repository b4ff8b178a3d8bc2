diff
samples/chessme/legal-declared-resignation.jgn
tests/golden/data/chessme-diff-pile-known.jgn
