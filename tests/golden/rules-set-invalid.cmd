rules
--set
knight_vs_dragon=no
