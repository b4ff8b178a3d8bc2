rules
--explain
I6.7
