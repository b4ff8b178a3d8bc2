convert
a.jgn
