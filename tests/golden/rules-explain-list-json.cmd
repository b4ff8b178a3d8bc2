rules
--explain
--game
imbriquation
--format
json
