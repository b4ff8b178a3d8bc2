publish
samples/invalid-record.jgn
samples/chessme/illegal-C6.4-king-steps-back.jgn
-o
/dev/null
