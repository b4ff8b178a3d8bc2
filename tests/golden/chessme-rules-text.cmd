rules
--game
chessme
