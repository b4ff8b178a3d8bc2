validate
--explain
tests/golden/data/notes-J12_5.yaml
