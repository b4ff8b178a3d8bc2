validate
--no-board
tests/golden/data/formats-invalid-action.json
