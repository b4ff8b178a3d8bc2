rules
--explain
