validate
samples/legal-king-hunt.jgn
