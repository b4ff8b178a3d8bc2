LANG=de_DE.UTF-8
rules
--explain
--game
imbriquation
