validate
--explain
--format
json
samples/illegal-J7.1-soldier-too-far.jgn
