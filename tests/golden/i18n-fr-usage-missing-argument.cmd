LANG=fr_FR.UTF-8
validate
