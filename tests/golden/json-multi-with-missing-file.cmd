validate
--format
json
samples/legal-open-battle.jgn
samples/illegal-J8.5-dragon-king-no-clear-line.jgn
samples/no-such-file.jgn
