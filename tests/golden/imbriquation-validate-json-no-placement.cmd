validate
--format
json
samples/imbriquation/legal-no-placement-dark-blocked.jgn
