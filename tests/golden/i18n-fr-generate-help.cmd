LANG=fr_FR.UTF-8
generate
--help
