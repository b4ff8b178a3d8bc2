show
samples/example.jgn
--format
png
