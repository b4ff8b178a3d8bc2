validate
--help
