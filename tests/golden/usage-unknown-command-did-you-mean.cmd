valdate
samples/example.jgn
