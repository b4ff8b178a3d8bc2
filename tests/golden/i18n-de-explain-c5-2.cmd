rules
--explain
C5.2
--lang
de
