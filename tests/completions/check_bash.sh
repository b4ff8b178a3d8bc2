#!/usr/bin/env bash
# The bash completion as a user gets it: the generated script is sourced into bash, and its
# function is called the way bash calls it on TAB (COMP_WORDS, COMP_CWORD), for words typed so
# far; the candidates are compared with the expected ones. Runs from the repository's top (for
# the file names) with: check_bash.sh JELIMVRE SCRIPT
set -uo pipefail
jelimvre=$1
script=$2

failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# The script the build wrote is the one the binary prints.
if ! cmp -s "$script" <("$jelimvre" completions bash); then
    fail "$script differs from 'jelimvre completions bash'"
fi

# shellcheck source=/dev/null
source "$script" || fail "sourcing $script"
if [[ $(complete -p jelimvre 2>/dev/null) != "complete -F _jelimvre jelimvre" ]]; then
    fail "the script does not register _jelimvre for jelimvre"
fi

# The candidates for a command line, given as bash splits it into COMP_WORDS (a '=' is a word
# of its own); the last word is the one being completed, maybe empty.
candidates() {
    COMP_WORDS=("$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMP_LINE="$*"
    COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    _jelimvre jelimvre "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
    ((${#COMPREPLY[@]})) && printf '%s\n' "${COMPREPLY[@]}" | sort
}

# expect "WORDS..." -- CANDIDATES...
expect() {
    local words=() expected=()
    while [[ $1 != -- ]]; do words+=("$1"); shift; done
    shift
    expected=("$@")
    local got want
    got=$(candidates "${words[@]}")
    want=$( ((${#expected[@]})) && printf '%s\n' "${expected[@]}" | sort)
    if [[ $got != "$want" ]]; then
        fail "jelimvre ${words[*]:1}<TAB>: expected [$(echo $want)], got [$(echo $got)]"
    fi
}

commands=(validate rules show moves convert diff publish generate completions)
expect jelimvre "" -- "${commands[@]}"
expect jelimvre val -- validate
expect jelimvre c -- convert completions
expect jelimvre - -- --help -h --version --lang
expect jelimvre validate --format "" -- text json jsonl
expect jelimvre validate --format = j -- json jsonl
expect jelimvre show --format "" -- text unicode svg
expect jelimvre rules --format "" -- text yaml json
expect jelimvre convert x.jgn --to "" -- jgn yaml json
expect jelimvre convert x.jgn --from "" -- jgn yaml yml json
expect jelimvre show --color a -- auto always
expect jelimvre validate --lang "" -- en fr de es
expect jelimvre rules --game "" -- jelimvre chessme imbriquation
expect jelimvre generate --game i -- imbriquation
expect jelimvre show --position x --game ch -- chessme
expect jelimvre completions "" -- bash zsh fish
expect jelimvre validate --no-b -- --no-board
expect jelimvre validate --jobs "" --
expect jelimvre convert x.jgn - -- -o --output --to --from --force --encoding --color --lang --help \
    -h
expect jelimvre validate samples/legal-open-b -- samples/legal-open-battle.jgn
expect jelimvre diff samples/rulesets/chessme- -- samples/rulesets/chessme-publisher-summary.yaml \
    samples/rulesets/chessme-standard.yaml
expect jelimvre rules --rules samples/rulesets/st -- samples/rulesets/standard.yaml

# --set: every option name of every game's table, as 'jelimvre rules' lists them, then the
# values of one option.
names=()
for game in jelimvre chessme imbriquation; do
    while read -r name _; do names+=("$name="); done < <("$jelimvre" rules --game "$game" | tail -n +4)
done
((${#names[@]} >= 15)) || fail "'jelimvre rules' listed only ${#names[@]} options"
expect jelimvre validate --set "" -- "${names[@]}"
expect jelimvre rules --set "" -- "${names[@]}"
expect jelimvre validate --set tower_g -- tower_guard= tower_guards_position_10=
expect jelimvre validate --set sandwich -- sandwich= sandwich_in_openings=
expect jelimvre validate --set start_kings = "" -- $("$jelimvre" rules --game chessme --format json |
    sed -n '/"name": "start_kings"/,/]/p' | sed -n 's/^ *"\([^"]*\)",\?$/\1/p')
expect jelimvre validate --set knight_vs_dragon = cannot -- cannot-capture
# With '=' taken out of COMP_WORDBREAKS, the word holds the whole setting.
expect jelimvre validate --set knight_vs_dragon=cannot -- knight_vs_dragon=cannot-capture

if ((failures)); then
    echo "$failures failure(s)" >&2
    exit 1
fi
echo "bash completion: all candidates as expected"
