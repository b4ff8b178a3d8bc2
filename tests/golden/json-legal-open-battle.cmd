validate
--format
json
samples/legal-open-battle.jgn
