rules
--explain
c7.4
