validate
--lang
it
samples/legal-open-battle.jgn
