<tests/golden/data/formats-imbriquation-illegal.json
validate
--no-board
--quiet
-
