rules
--explain
J7.11
