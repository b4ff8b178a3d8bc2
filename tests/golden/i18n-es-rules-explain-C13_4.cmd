rules
--explain
C13.4
--game
chessme
--lang
es
