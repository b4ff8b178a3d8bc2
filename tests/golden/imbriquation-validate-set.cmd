validate
--no-board
samples/imbriquation/disputed-I6.7-long-jump-over-two-pawns.jgn
--set
long_jump=several
