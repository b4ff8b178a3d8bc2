LC_ALL=C
LANGUAGE=fr
validate
--no-board
samples/illegal-J7.1-soldier-too-far.jgn
