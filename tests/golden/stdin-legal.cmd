<samples/legal-king-hunt.jgn
validate
-
