show
samples/illegal-J8.5-dragon-king-no-clear-line.jgn
--format
unicode
--color
never
