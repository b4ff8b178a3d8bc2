validate
--format
json
samples/imbriquation/legal-declared-resignation.jgn
