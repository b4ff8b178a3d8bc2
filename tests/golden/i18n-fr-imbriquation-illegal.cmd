LANG=fr_FR.UTF-8
validate
samples/imbriquation/illegal-I6.3-blocked-slide.jgn
