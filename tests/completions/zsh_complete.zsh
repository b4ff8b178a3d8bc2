#!/usr/bin/env zsh
# Records the candidates zsh's completion system offers for command lines:
# zsh_complete.zsh FPATH_DIR OUT_DIR LINE..., where FPATH_DIR holds the _jelimvre function;
# the candidates for the N-th LINE go to OUT_DIR/N, one per line. One interactive zsh runs under
# a pseudo-terminal (zpty), loads compinit with FPATH_DIR in fpath, and gets each LINE and a
# TAB; a compadd of its own records each match the completion functions add, after zsh's own
# matching against the word typed so far, as the word would read once inserted.
emulate -L zsh
zmodload zsh/zpty || exit 77
dir=$1
out_dir=$2
shift 2

zpty jv zsh -f -i
zpty -w jv 'PS1="" PS2="" RPS1=""; unsetopt zle_bracketed_paste 2>/dev/null'
zpty -w jv "fpath=(${(q)dir} \$fpath); autoload -Uz compinit; compinit -u -D"
zpty -w jv 'zstyle ":completion:*" menu no; zstyle ":completion:*" list-prompt ""'
# The matches go to files: the terminal's echo would mix with them.
zpty -w jv 'compadd() {
  if (( ${@[(I)-[OAD]*]} )); then builtin compadd "$@"; return; fi
  local -a jv_hits
  builtin compadd -O jv_hits "$@"
  local -A jv_opts; zparseopts -A jv_opts -E P: p: S: s: I: i:
  local h; for h in $jv_hits; do print -r -- "$IPREFIX${jv_opts[-P]}${jv_opts[-p]}$h${jv_opts[-s]}${jv_opts[-S]}" >> $jv_out; done
  builtin compadd "$@"
}'
zpty -w jv 'jv_done() { print -r -- "<done>" >> $jv_out }'
zpty -w jv 'zle -C jv-complete complete-word _main_complete; bindkey "^I" jv-complete'
n=0
for line in "$@"; do
  n=$((n + 1))
  file=$out_dir/$n.raw
  : >$file
  # comppostfuncs is emptied after each completion.
  zpty -w jv "jv_out=${(q)file}; comppostfuncs=(jv_done)"
  zpty -w -n jv "$line"$'\t'
  for i in {1..200}; do
    grep -q '^<done>$' $file && break
    sleep 0.05
  done
  zpty -w -n jv $'\C-u'
  grep -v '^<done>$' $file | sort -u >$out_dir/$n
done
zpty -d jv
