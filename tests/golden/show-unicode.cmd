show
samples/strategy-encirclement.jgn
--at
12...
--format
unicode
--color
never
