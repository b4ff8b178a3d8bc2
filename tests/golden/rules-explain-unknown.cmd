rules
--explain
J99.9
