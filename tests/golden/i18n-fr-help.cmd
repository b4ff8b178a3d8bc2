--lang
fr
--help
