rules
--explain
J2.1
