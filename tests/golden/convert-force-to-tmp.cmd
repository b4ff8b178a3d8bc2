convert
samples/example.jgn
--to
json
-o
/tmp/jelimvre-golden-convert-force-to-tmp.json
--force
