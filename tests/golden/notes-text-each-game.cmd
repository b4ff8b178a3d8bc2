validate
samples/chessme/illegal-C7.2-king-steps-into-check.jgn
samples/chessme/illegal-C10.4-move-after-checkmate.jgn
samples/illegal-J7.2-second-double-step.jgn
samples/imbriquation/illegal-I9.3-score-tag-written-dark-first.jgn
