publish
--help
--lang
fr
