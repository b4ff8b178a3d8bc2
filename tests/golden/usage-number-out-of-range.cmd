validate
--jobs
300
x.jgn
