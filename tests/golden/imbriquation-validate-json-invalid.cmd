validate
--format
json
samples/imbriquation/invalid-I9.4-missing-tiles4.jgn
