validate
-q
--format
json
samples/invalid-record.jgn
samples/legal-open-battle.jgn
