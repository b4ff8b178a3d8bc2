generate
--game
imbriquation
--games
2
--seed
7
