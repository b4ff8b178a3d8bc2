#!/usr/bin/env bash
# Tests that bite: for every rule the referee checks, the test suite must fail when that rule's
# check is switched off. One build with -DJELIMVRE_RULE_SWITCHES=ON serves every rule: the
# environment variable JELIMVRE_DISABLE_RULE names the rule whose faults are not made (see
# fault() in src/core/rule_fault.hpp).
#
# Run from the repository root: tests/bite/run.sh
# Prints one row per rule (caught or not, how many tests failed, whether a crash did the
# catching) and exits 1 if some rule is not caught by any test.
#
# The question is whether the suite catches a rule's absence, so each run stops at the first
# failing test (the count is then of the tests that had failed by then, usually 1 or 2). With
# BITE_FULL=1 every test runs and the count is of all the tests that protect the rule (about
# 5 minutes more).
#
# Environment: BITE_BUILD_DIR (default build-bite); BITE_RULES="J7.1 C8.4" to try only those;
# BITE_FULL=1 as above.
set -euo pipefail

build=${BITE_BUILD_DIR:-build-bite}
if [[ ! -f notation/rules.md || ! -f CMakeLists.txt ]]; then
    echo "run.sh: run me from the repository root" >&2
    exit 2
fi

# Each game: the rules reference whose `### X1.2` entries are its rule ids, the sources that make
# its faults, and the ids that only choose among the others or read what the others leave open
# (Jelimvre's J15 and J16.x, ChessMe's C12 and C13.x, Imbriquation's I10 and I11.2 to I11.4),
# which have no switch of their own. Imbriquation's I11.1 (early_end = either-player examines the
# player who just played) does have one. Its tiles' rules I6.1 to I6.8 are named in types.hpp
# (tile_rule), which rules.cpp hands to fault().
games=(jelimvre chessme imbriquation)
declare -A pages=([jelimvre]=notation/rules.md [chessme]=notation/chessme-rules.md
    [imbriquation]=notation/imbriquation-rules.md)
declare -A readings=([jelimvre]='^J1[56]\.' [chessme]='^C1[23]\.' [imbriquation]='^I10\|^I11\.[2-9]')
declare -A game_sources=(
    [jelimvre]="src/games/jelimvre/rules.cpp src/games/jelimvre/marks.cpp src/games/jelimvre/turn.cpp src/games/jelimvre/referee.cpp"
    [chessme]="src/games/chessme/rules.cpp src/games/chessme/referee.cpp"
    [imbriquation]="src/games/imbriquation/rules.cpp src/games/imbriquation/referee.cpp src/games/imbriquation/types.hpp"
)

# Ids with no check of their own, and why. Every other id must have a switch point in its game's
# sources.
declare -A not_checked=(
    [J1.1]="the board: a definition"
    [J2.1]="the material: a definition (counts are checked by J3.2)"
    [J2.2]="where pieces are: bookkeeping (empty supplies are J10.2, J11.2 faults)"
    [J2.3]="what may share a square: faults cite J6.x, J10.2, J11.2"
    [J3.1]="the correct setup: every setup fault is J3.2"
    [J4.3]="actions apply in the order written: how turns are played, not a check"
    [J5.1]="the counter's movement: bookkeeping, seen through J5.2 and J5.3 faults"
    [J5.4]="position-4 turn: its faults cite J5.2, J9.3 and J4.1"
    [J5.6]="position-8 turn: its faults cite J5.2, J9.3 and J4.1"
    [J6.4]="captured pieces go to the lost pool: bookkeeping"
    [J10.1]="units of walls: a definition"
    [J11.1]="zones of water: a definition"
    [J12.3]="there is no check rule: nothing to switch off"
    [C1.1]="the grid: a definition"
    [C1.2]="square names: the reader's grammar (a wrong name is a reading fault)"
    [C2.1]="the material: a definition (counts are checked by C3.2, C3.4)"
    [C2.2]="the start: a position, chosen by start_kings"
    [C2.3]="White begins: the numbering, checked by C11.2"
    [C3.1]="piles and starting hands: what the pile tags give"
    [C3.3]="drawing: bookkeeping, seen through C3.4 faults"
    [C3.5]="an empty pile: bookkeeping, seen through C3.4 faults"
    [C4.2]="the placement follows the move: how turns are played, not a check"
    [C5.3]="captures need no adjacency: the absence of a check"
    [C6.5]="no castling: O-O is not an action (a reading fault)"
    [C7.1]="check: a definition, used by C7.2, C10.1 and C11.2"
    [C7.3]="check is judged after the move: how C7.2 is checked"
    [C8.6]="a placed piece moves next turn: bookkeeping"
    [C9.1]="the captured pool: bookkeeping, seen through C9.2 faults"
    [C9.4]="only a pawn's own arrival promotes: what C9.2 checks"
    [C10.3]="other ends: the record's own result, checked by C11.1"
    [I1.1]="the board: a definition"
    [I1.2]="players and pawns: a definition (a placement on a pawn is I4.1)"
    [I1.3]="pawns leave the board by capture or removal: bookkeeping"
    [I2.1]="the nine tiles: a definition (an unknown code is a reading fault)"
    [I2.2]="five rounds of nine tiles drawn from the left: bookkeeping, seen through I9.2 faults"
    [I2.3]="round 1's order: what the Tiles1 tag gives"
    [I2.4]="rounds 2, 3 and 5 follow from Tiles1 and Tiles4: bookkeeping, seen through I9.2 faults"
    [I2.5]="round 4's order: what the Tiles4 tag gives"
    [I3.1]="who plays first: what the First tag gives, checked through I9.2"
    [I3.4]="strict alternation: the numbering, checked by I9.2"
    [I4.3]="where I4.2 applies: an option's reach, its faults cite I4.2"
    [I4.4]="a pawn that moves may end between enemy pawns: the absence of a check"
    [I4.5]="placing in the opponent's territory: the absence of a check"
    [I5.4]="what impossible means: how I5.2 and I5.3 are judged"
    [I6.10]="chains: each jump is judged by its tile's rule, I6.5 to I6.8"
    [I6.11]="a captured pawn goes back to its owner: bookkeeping"
    [I7.1]="regions: a definition, used by the score"
    [I7.2]="territories: a definition, used by the score (checked by I9.1, I9.3)"
    [I7.3]="territory and pawns counted: the score, checked by I9.1, I9.3"
    [I7.4]="territory counted only at the end: the absence of a check"
    [I7.5]="the scored result: checked by I9.1"
    [I8.1]="the end after round 5: bookkeeping, seen through I8.3 and I9.1 faults"
    [I9.4]="missing tile tags: reading faults, which name no rule"
)

ids=()
sources=()
for game in "${games[@]}"; do
    read -r -a files <<<"${game_sources[$game]}"
    sources+=("${files[@]}")
    [[ -n ${BITE_RULES:-} ]] && continue
    while read -r id; do
        [[ -n ${not_checked[$id]:-} ]] || ids+=("$id")
    done < <(grep -o '^### [A-Z][0-9]*\.[0-9]*' "${pages[$game]}" | sed 's/^### //' |
        grep -v "${readings[$game]}")
done
[[ -n ${BITE_RULES:-} ]] && read -r -a ids <<<"$BITE_RULES"

# Every checked id needs a switch point, and every switch point an id in the list above: the list
# and the sources must not drift apart.
for id in "${ids[@]}"; do
    if ! grep -q "\"$id\"" "${sources[@]}"; then
        echo "run.sh: $id has no switch point in ${sources[*]}" >&2
        exit 2
    fi
done
if [[ -z ${BITE_RULES:-} ]]; then
    while read -r id; do
        if [[ ! " ${ids[*]} " == *" $id "* ]]; then
            echo "run.sh: $id makes a fault but is not in the list of rules to try" >&2
            exit 2
        fi
    done < <(grep -ho '\(fault\|rule_switched_off\)("[A-Z][0-9]*\.[0-9]*"' "${sources[@]}" |
        grep -o '[A-Z][0-9.]*' | sort -u)
fi

start=$(date +%s)
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DJELIMVRE_RULE_SWITCHES=ON >/dev/null
cmake --build "$build" -j2 >/dev/null

# A mutant may make a search run on: no test of this suite takes 30 seconds.
stop=(--stop-on-failure)
[[ ${BITE_FULL:-0} == 1 ]] && stop=()
# The suite's output goes to a file that sed and grep read whole. Piping a long output into a
# reader that stops early (sed's q, grep -q) kills the writer with SIGPIPE, which pipefail and
# set -e then turn into an exit of the whole script with status 141.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
run_suite() {
    ctest --test-dir "$build" -j2 --timeout 30 "$@" >"$log" 2>&1
}

unset JELIMVRE_DISABLE_RULE
if ! run_suite; then
    tail -20 "$log"
    echo "run.sh: the suite fails with every rule switched on; fix that first" >&2
    exit 1
fi

# BITE_SITES=1: one place in the sources at a time instead of one rule, i.e. every fault() and
# rule_switched_off() call, named file:line. A rule may be caught through one of its faults while
# another has no test; this finds those (about 110 places, 8 minutes). A place with a comment
# "Not reached" just above it (up to 4 lines) is a second line of defence that no record can
# reach; it is listed, not tried.
targets=()
unreached=()
if [[ ${BITE_SITES:-0} == 1 ]]; then
    while IFS=: read -r file line text; do
        id=$(grep -o '"[A-Z][0-9]*\.[0-9]*"' <<<"$text" | sed -n '1{s/"//g;p}' || true)
        if sed -n "$((line > 4 ? line - 4 : 1)),$((line - 1))p" "$file" | grep -c 'Not reached' >/dev/null; then
            unreached+=("$(basename "$file"):$line ${id:-varies}")
        else
            targets+=("$(basename "$file"):$line ${id:-varies}")
        fi
    done < <(grep -nE '(^|[^A-Za-z_])(fault|rule_switched_off)\(' "${sources[@]}" |
        grep -vE '^[^:]*:[0-9]+:[[:space:]]*//|bool rule_switched_off')
    printf '%-20s %-7s %-7s %-13s %s\n' "place" "rule" "caught" "tests failed" "first failing test"
else
    for id in "${ids[@]}"; do targets+=("$id"); done
    printf '%-7s %-7s %-13s %s\n' "rule" "caught" "tests failed" "first failing test"
fi
missed=()
for target in "${targets[@]}"; do
    switch=${target%% *}
    rm -f "$build"/tests/golden/*.out
    # The tests named after the rule first ("I6.5: ...", "J4.1 one army move a turn"): most rules
    # have some, and one of them failing answers the question in a second rather than after the
    # suite's first few hundred tests. The whole suite runs when none of them fails.
    quick_caught=0
    if [[ ${BITE_SITES:-0} != 1 && ${BITE_FULL:-0} != 1 ]]; then
        JELIMVRE_DISABLE_RULE=$switch run_suite -R "${switch//./\\.}([^0-9]|\$)" "${stop[@]}" ||
            quick_caught=1
    fi
    if ((quick_caught == 0)); then
        rm -f "$build"/tests/golden/*.out
        JELIMVRE_DISABLE_RULE=$switch run_suite "${stop[@]}" || true
    fi
    failed=$(sed -n 's/.* \([0-9][0-9]*\) tests\{0,1\} failed out of.*/\1/p' "$log")
    failed=${failed:-0}
    first=$(sed -n '/The following tests FAILED/{n;s/^[[:space:]]*[0-9]* - //;s/ (Failed)$//p;q}' "$log")
    # ctest names a unit test's crash; a golden test records the crash in its output file.
    if grep -q '(SEGFAULT)\|(Subprocess aborted)\|(Child aborted)\|(Timeout)' "$log" ||
        grep -qs 'exit status [^0-9 ]' "$build"/tests/golden/*.out; then
        first="$first; a crash or a timeout is among the failures"
    fi
    caught=yes
    if ((failed == 0)); then
        caught=NO
        missed+=("$switch")
    fi
    if [[ ${BITE_SITES:-0} == 1 ]]; then
        printf '%-20s %-7s %-7s %-13s %s\n' "$switch" "${target#* }" "$caught" "$failed" "$first"
    else
        printf '%-7s %-7s %-13s %s\n' "$switch" "$caught" "$failed" "$first"
    fi
done

echo
if ((${#unreached[@]} > 0)); then
    echo "not tried (marked \"Not reached\" in the sources):"
    printf '  %s\n' "${unreached[@]}"
fi
echo "not tried (no check of their own):"
for id in $(printf '%s\n' "${!not_checked[@]}" | sort -V); do
    printf '  %-6s %s\n' "$id" "${not_checked[$id]}"
done
echo "${#targets[@]} tried in $(($(date +%s) - start)) s"
if ((${#missed[@]} > 0)); then
    echo "no test fails when these are switched off: ${missed[*]}" >&2
    exit 1
fi
