validate
--no-board
samples/no-legal-turn-draw.jgn
samples/no-legal-turn-loss.jgn
