rules
--explain
J10.1
