LANG=fr_FR.UTF-8
validate
samples/chessme/illegal-C7.2-king-steps-into-check.jgn
