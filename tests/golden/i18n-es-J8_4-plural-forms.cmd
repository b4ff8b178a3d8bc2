validate
--no-board
samples/illegal-J8.4-knight-pattern.jgn
--lang
es
