validate
--no-board
samples/legal-open-battle.jgn
samples/legal-king-hunt.jgn
