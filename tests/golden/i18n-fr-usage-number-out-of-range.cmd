LANG=fr_FR.UTF-8
validate
--jobs
300
x.jgn
