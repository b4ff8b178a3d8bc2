LANGUAGE=es:fr
LANG=en_GB.UTF-8
validate
--formt
json
x.jgn
