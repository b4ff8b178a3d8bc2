validate
--lang=de
--format
jsonl
samples/imbriquation/illegal-I4.1-placement-on-a-pawn.jgn
