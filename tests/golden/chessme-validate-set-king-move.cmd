validate
--no-board
samples/chessme/legal-checkmate-piles-known.jgn
--set
check_escape=king-move
