LANGUAGE=es:fr
LANG=en_GB.UTF-8
validate
