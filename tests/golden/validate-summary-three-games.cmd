validate
--summary
--no-board
samples/chessme/illegal-C11.2-false-check-mark.jgn
samples/imbriquation/illegal-I4.1-placement-on-a-pawn.jgn
samples/imbriquation/illegal-I2.6-tile-listed-twice.jgn
samples/legal-open-battle.jgn
