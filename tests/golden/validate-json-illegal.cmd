validate
--no-board
tests/golden/data/formats-imbriquation-illegal.json
