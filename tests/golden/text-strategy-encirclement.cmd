validate
samples/strategy-encirclement.jgn
