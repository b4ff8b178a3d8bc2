validate
--format
json
samples/chessme/illegal-C3.2-faulty-pile-tags.jgn
