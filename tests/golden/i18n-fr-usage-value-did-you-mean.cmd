LANG=fr_FR.UTF-8
validate
--format
jsn
x.jgn
