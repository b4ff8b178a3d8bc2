--lang
de
validate
--help
