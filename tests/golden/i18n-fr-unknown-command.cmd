LANG=fr_FR.UTF-8
valdate
x.jgn
