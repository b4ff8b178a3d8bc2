validate
--format
json
samples/imbriquation/illegal-I2.6-tile-listed-twice.jgn
