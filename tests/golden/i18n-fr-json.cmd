validate
--lang
fr
--format
json
samples/chessme/illegal-C6.3-pawn-straight-capture.jgn
