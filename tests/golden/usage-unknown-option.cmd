validate
--bogus
x.jgn
