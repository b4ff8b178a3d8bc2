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

# zsh loads completion functions by file name from fpath: a folder with _jelimvre alone.
fpath_dir=$(mktemp -d)
trap 'rm -rf "$fpath_dir"' EXIT
cp "$script" "$fpath_dir/_jelimvre"

# expect 'COMMAND LINE' CANDIDATES...
expect() {
    local line=$1
    shift
    local got want
    got=$(zsh -f "$here/zsh_complete.zsh" "$fpath_dir" "$line" | sort)
    want=$( (($#)) && printf '%s\n' "$@" | sort)
    [[ $got == "$want" ]] || fail "'$line<TAB>': expected [$(echo $want)], got [$(echo $got)]"
}

expect 'jelimvre ' validate rules show moves convert diff generate completions
expect 'jelimvre val' validate
expect 'jelimvre validate --format ' text json
expect 'jelimvre validate --format=' --format=text --format=json
expect 'jelimvre show --format ' text unicode svg
expect 'jelimvre rules --game ' jelimvre chessme imbriquation
expect 'jelimvre completions ' bash zsh fish
expect 'jelimvre validate --no-b' --no-board
expect 'jelimvre validate --set tower_g' tower_guard= tower_guards_position_10=
expect 'jelimvre validate --set tower_guard=' $("$jelimvre" rules --format json |
    sed -n '/"name": "tower_guard"/,/]/p' | sed -n 's/^ *"\([^"]*\)",\{0,1\}$/tower_guard=\1/p')
expect 'jelimvre validate samples/legal-open-b' samples/legal-open-battle.jgn

if ((failures)); then
    echo "$failures failure(s)" >&2
    exit 1
fi
echo "zsh completion: all candidates as expected"
