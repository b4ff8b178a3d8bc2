rules
--game
chessme
--format
json
