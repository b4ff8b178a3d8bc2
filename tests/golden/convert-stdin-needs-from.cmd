convert
-
--to
jgn
