validate
--no-board
samples/legal-king-hunt.jgn
samples/illegal-J7.3-diagonal-without-capture.jgn
samples/illegal-J14.2-wrong-turn-number.jgn
