#!/usr/bin/env zsh
# Prints the candidates zsh's completion system offers for a command line, one per line:
# zsh_complete.zsh DIR LINE, where DIR holds the _jelimvre function. An interactive zsh runs
# under a pseudo-terminal (zpty), loads compinit with DIR in fpath, and gets LINE and a TAB; a
# compadd of its own records each match the completion functions add, after zsh's own matching
# against the word typed so far.
emulate -L zsh
zmodload zsh/zpty || exit 77
dir=$1
line=$2

zpty jv zsh -f -i
zpty -w jv 'PS1="" PS2="" RPS1=""; unsetopt zle_bracketed_paste 2>/dev/null'
zpty -w jv "fpath=(${(q)dir} \$fpath); autoload -Uz compinit; compinit -u -D"
zpty -w jv 'zstyle ":completion:*" menu no; zstyle ":completion:*" list-prompt ""'
# The matches go to a file: the terminal's echo would mix with them.
out=$(mktemp)
zpty -w jv "jv_out=${(q)out}"
zpty -w jv 'compadd() {
  if (( ${@[(I)-[OAD]*]} )); then builtin compadd "$@"; return; fi
  local -a jv_hits
  builtin compadd -O jv_hits "$@"
  local -A jv_opts; zparseopts -A jv_opts -E P: p: S: s: I: i:
  local h; for h in $jv_hits; do print -r -- "$IPREFIX${jv_opts[-P]}${jv_opts[-p]}$h${jv_opts[-s]}${jv_opts[-S]}" >> $jv_out; done
  builtin compadd "$@"
}'
zpty -w jv 'jv_done() { print -r -- "<done>" >> $jv_out }; comppostfuncs=(jv_done)'
zpty -w jv 'zle -C jv-complete complete-word _main_complete; bindkey "^I" jv-complete'
zpty -w -n jv "$line"$'\t'
for i in {1..200}; do
  [[ -s $out ]] && grep -q '^<done>$' $out && break
  sleep 0.05
done
zpty -d jv
grep -v '^<done>$' $out | sort -u
rm -f $out
