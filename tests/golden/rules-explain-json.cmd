rules
--explain
--format
json
J8.4
