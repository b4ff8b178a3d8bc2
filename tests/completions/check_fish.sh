#!/usr/bin/env bash
# The fish completion as a user gets it: fish loads the generated script and completes command
# lines with `complete -C`; the candidates are compared with the expected ones. Exits 77
# (skipped) without fish. Runs from the repository's top with: check_fish.sh JELIMVRE SCRIPT
set -uo pipefail
jelimvre=$1
script=$2
command -v fish >/dev/null || { echo "fish is not installed: skipped"; exit 77; }

failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

cmp -s "$script" <("$jelimvre" completions fish) ||
    fail "$script differs from 'jelimvre completions fish'"
fish --no-execute "$script" || fail "fish finds $script malformed"

# expect 'COMMAND LINE' CANDIDATES...: the candidates' words, without their descriptions.
expect() {
    local line=$1
    shift
    local got want
    got=$(fish --no-config -c "source '$script'; complete -C '$line'" | cut -f1 | sort)
    want=$( (($#)) && printf '%s\n' "$@" | sort)
    [[ $got == "$want" ]] || fail "'$line<TAB>': expected [$(echo $want)], got [$(echo $got)]"
}

expect 'jelimvre ' validate rules show moves convert diff publish generate completions
expect 'jelimvre val' validate
expect 'jelimvre validate --format ' text json jsonl
expect 'jelimvre show --format ' text unicode svg
expect 'jelimvre rules --game ' jelimvre chessme imbriquation
expect 'jelimvre completions ' bash zsh fish
expect 'jelimvre validate --no-b' --no-board
expect 'jelimvre validate samples/legal-open-b' samples/legal-open-battle.jgn
expect 'jelimvre validate --set tower_guard=' $("$jelimvre" rules --format json |
    sed -n '/"name": "tower_guard"/,/]/p' | sed -n 's/^ *"\([^"]*\)",\{0,1\}$/tower_guard=\1/p')

if ((failures)); then
    echo "$failures failure(s)" >&2
    exit 1
fi
echo "fish completion: all candidates as expected"
