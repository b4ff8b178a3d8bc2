show
samples/strategy-encirclement.jgn
--at
31
--format
svg
