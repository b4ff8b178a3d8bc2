rules
--format
json
--set
wall_walk=unit
