rules
--game
JELIMVRE
--format
yaml
