rules
--game
imbriquation
--lang
es
