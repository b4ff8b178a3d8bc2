validate
--no-board
samples/example.jgn
samples/legal-open-battle.jgn
samples/legal-king-hunt.jgn
samples/illegal-J8.5-dragon-king-no-clear-line.jgn
samples/invalid-record.jgn
