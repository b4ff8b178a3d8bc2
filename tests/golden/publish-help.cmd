publish
--help
