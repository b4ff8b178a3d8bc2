rules
--explain
C7.4
--game
jelimvre
