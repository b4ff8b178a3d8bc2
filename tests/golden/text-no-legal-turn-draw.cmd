validate
samples/no-legal-turn-draw.jgn
