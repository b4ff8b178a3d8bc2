validate
--lang
es
--set
tower_guard=maybe
samples/legal-open-battle.jgn
