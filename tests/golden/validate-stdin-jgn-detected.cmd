<samples/legal-open-battle.jgn
validate
--no-board
-
