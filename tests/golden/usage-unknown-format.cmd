validate
--format
xml
samples/example.jgn
