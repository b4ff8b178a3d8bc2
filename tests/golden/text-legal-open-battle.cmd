validate
samples/legal-open-battle.jgn
