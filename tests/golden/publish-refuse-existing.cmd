publish
samples/example.jgn
-o
README.md
