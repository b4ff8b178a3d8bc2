show
samples/walls-king-capture.jgn
--format
unicode
--color
always
