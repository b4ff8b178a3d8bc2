validate
--explain
samples/imbriquation/illegal-I6.3-blocked-slide.jgn
