validate
samples/illegal-J12.5-move-after-king-capture.jgn
