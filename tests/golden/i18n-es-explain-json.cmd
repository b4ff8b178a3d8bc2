rules
--explain
--format
json
J10.4
--lang
es
