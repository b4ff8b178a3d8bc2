rules
--game
imbriquation
