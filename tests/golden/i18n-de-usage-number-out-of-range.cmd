LC_ALL=de_DE.UTF-8
validate
--jobs
300
x.jgn
