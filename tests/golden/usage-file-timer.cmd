moves
samples/example.jgn
--timer
