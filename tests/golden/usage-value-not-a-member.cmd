validate
--format
xml
x.jgn
