LANG=fr_FR.UTF-8
validate
--no-board
--summary
samples/invalid-record.jgn
