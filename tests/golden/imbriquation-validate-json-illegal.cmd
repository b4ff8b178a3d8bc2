validate
--format
json
samples/imbriquation/illegal-I9.3-score-tag-written-dark-first.jgn
