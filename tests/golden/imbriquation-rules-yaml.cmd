rules
--game
imbriquation
--format
yaml
