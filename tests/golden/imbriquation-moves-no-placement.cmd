moves
samples/imbriquation/legal-no-placement-dark-blocked.jgn
