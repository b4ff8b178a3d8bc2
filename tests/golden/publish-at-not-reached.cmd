publish
samples/illegal-J7.1-soldier-sideways.jgn
--at
40...
