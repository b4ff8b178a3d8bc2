LANG=de_DE.UTF-8
validate
--lang
en
--no-board
samples/illegal-J7.1-soldier-too-far.jgn
