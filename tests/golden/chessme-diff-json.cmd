diff
samples/chessme/illegal-C11.1-wrong-result-after-checkmate.jgn
samples/chessme/illegal-C10.4-move-after-checkmate.jgn
--format
json
