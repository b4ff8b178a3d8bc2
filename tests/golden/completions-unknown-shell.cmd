completions
ksh
