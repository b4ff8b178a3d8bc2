rules
--explain
I4.2
--lang
es
