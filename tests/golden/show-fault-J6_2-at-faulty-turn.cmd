show
samples/illegal-J6.2-tower-path-blocked.jgn
--at
2
