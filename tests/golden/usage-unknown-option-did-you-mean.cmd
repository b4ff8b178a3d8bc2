validate
--formt
json
x.jgn
