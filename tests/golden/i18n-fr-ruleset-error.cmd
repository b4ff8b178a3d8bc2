validate
--lang
fr
--set
tower_guard=maybe
samples/legal-open-battle.jgn
