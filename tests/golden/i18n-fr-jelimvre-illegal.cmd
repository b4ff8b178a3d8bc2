LANG=fr_FR.UTF-8
validate
samples/illegal-J6.2-tower-path-blocked.jgn
