generate
--games
