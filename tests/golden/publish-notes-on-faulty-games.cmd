publish
samples/illegal-J6.2-tower-path-blocked.jgn
samples/chessme/illegal-C6.4-king-steps-back.jgn
-o
/dev/null
