validate
--no-board
samples/disputed-knight-takes-dragon.jgn
