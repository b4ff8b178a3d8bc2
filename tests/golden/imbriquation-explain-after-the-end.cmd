validate
--explain
samples/imbriquation/illegal-I8.3-turn-after-rounds-complete.jgn
