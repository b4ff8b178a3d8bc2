validate
samples/timer-timeouts.jgn
