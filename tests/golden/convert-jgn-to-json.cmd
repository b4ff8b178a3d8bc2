convert
samples/timer-timeouts.jgn
--to
json
