show
--help
