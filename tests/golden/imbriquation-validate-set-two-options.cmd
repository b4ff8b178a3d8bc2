validate
--no-board
--set
sandwich_in_openings=false
--set
long_jump=several
samples/imbriquation/disputed-I4.3-opening-placement-between-enemy-pawns.jgn
samples/imbriquation/disputed-I6.7-long-jump-over-two-pawns.jgn
