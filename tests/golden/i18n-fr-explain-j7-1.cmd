rules
--explain
J7.1
--lang
fr
