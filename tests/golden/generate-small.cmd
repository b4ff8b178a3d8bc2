generate
--games
2
--seed
7
--max-turns
20
