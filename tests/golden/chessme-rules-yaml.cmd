rules
--game
ChessMe
--format
yaml
