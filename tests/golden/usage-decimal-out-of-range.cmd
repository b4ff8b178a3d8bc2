generate
--timer-share
2
