validate
samples
