validate
--no-board
samples/imbriquation/disputed-I4.3-opening-placement-between-enemy-pawns.jgn
--set
sandwich_in_openings=false
