rules
J7.1
