validate
--lang
de
--set
tower_guard=maybe
samples/legal-open-battle.jgn
