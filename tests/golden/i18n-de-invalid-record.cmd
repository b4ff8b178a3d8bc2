LC_ALL=de_DE.UTF-8
validate
--no-board
--summary
samples/invalid-record.jgn
