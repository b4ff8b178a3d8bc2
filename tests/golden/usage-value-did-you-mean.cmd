validate
--format
jsn
x.jgn
