convert
samples/example.jgn
--to
json
-o
/dev/full
