validate
samples/walls-king-capture.jgn
