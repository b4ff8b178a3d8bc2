LANG=fr_FR.UTF-8
validate
--formt
json
x.jgn
