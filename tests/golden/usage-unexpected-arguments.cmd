convert
a.jgn
b
c
--to
jgn
