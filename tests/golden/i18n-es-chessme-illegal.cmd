LANGUAGE=es:fr
LANG=en_GB.UTF-8
validate
samples/chessme/illegal-C7.2-king-steps-into-check.jgn
