generate
--games
abc
