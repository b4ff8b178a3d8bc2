validate
--lang
fr
--explain
samples/chessme/illegal-C7.2-king-steps-into-check.jgn
