validate
samples/illegal-J13.1-timeout-without-timer.jgn
