LC_ALL=de_DE.UTF-8
validate
--formt
json
x.jgn
