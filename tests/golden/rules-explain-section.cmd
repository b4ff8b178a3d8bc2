rules
--explain
j7
