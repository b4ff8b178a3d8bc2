rules
--game
Imbriquation
--format
json
