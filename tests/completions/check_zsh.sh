#!/usr/bin/env bash
# The zsh completion as a user gets it: zsh_complete.zsh drives an interactive zsh with the
# generated _jelimvre in its fpath, types a command line and TAB, and records the candidates;
# they are compared with the expected ones. Exits 77 (skipped) without zsh. Runs from the
# repository's top with: check_zsh.sh JELIMVRE SCRIPT
set -uo pipefail
jelimvre=$1
script=$2
command -v zsh >/dev/null || { echo "zsh is not installed: skipped"; exit 77; }
here=$(cd "$(dirname "$0")" && pwd)

failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

cmp -s "$script" <("$jelimvre" completions zsh) ||
    fail "$script differs from 'jelimvre completions zsh'"
zsh -n "$script" || fail "zsh finds $script malformed"

# zsh loads completion functions by file name from fpath: a folder with _jelimvre alone
# (and the candidates).
fpath_dir=$(mktemp -d)
trap 'rm -rf "$fpath_dir"' EXIT
cp "$script" "$fpath_dir/_jelimvre"

# The cases, each a command line and its expected candidates, are run in one zsh: case LINE
# CANDIDATES... queues one.
lines=()
wants=()
case_() {
    lines+=("$1")
    shift
    wants+=("$( (($#)) && printf '%s\n' "$@" | sort)")
}

case_ 'jelimvre ' validate rules show moves convert diff publish generate completions
case_ 'jelimvre val' validate
case_ 'jelimvre validate --format ' text json jsonl
case_ 'jelimvre validate --format=' --format=text --format=json --format=jsonl
case_ 'jelimvre show --format ' text unicode svg
case_ 'jelimvre rules --game ' jelimvre chessme imbriquation
case_ 'jelimvre completions ' bash zsh fish
case_ 'jelimvre validate --no-b' --no-board
case_ 'jelimvre validate --set tower_g' tower_guard= tower_guards_position_10=
case_ 'jelimvre validate --set tower_guard=' $("$jelimvre" rules --format json |
    sed -n '/"name": "tower_guard"/,/]/p' | sed -n 's/^ *"\([^"]*\)",\{0,1\}$/tower_guard=\1/p')
case_ 'jelimvre validate samples/legal-open-b' samples/legal-open-battle.jgn

out_dir=$fpath_dir/out
mkdir "$out_dir"
zsh -f "$here/zsh_complete.zsh" "$fpath_dir" "$out_dir" "${lines[@]}"
for i in "${!lines[@]}"; do
    got=$(sort "$out_dir/$((i + 1))" 2>/dev/null)
    [[ $got == "${wants[i]}" ]] ||
        fail "'${lines[i]}<TAB>': expected [$(echo ${wants[i]})], got [$(echo $got)]"
done

if ((failures)); then
    echo "$failures failure(s)" >&2
    exit 1
fi
echo "zsh completion: all candidates as expected"
