rules
--game
chess
