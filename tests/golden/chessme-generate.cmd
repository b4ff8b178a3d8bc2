generate
--game
chessme
--games
2
--seed
7
