rules
--explain
J7.1
