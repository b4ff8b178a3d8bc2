#!/usr/bin/env bash
# Instructions per action of a whole `jelimvre validate --no-board --jobs 1` run, counted by
# valgrind's callgrind: unlike a time, the same on every run and every day, so two versions
# compare exactly (issue 6). The README's figure comes from here.
#
#   tests/bench/count_instructions.sh [BINARY] [GAMES] [GAME]
#   (defaults build-bench/jelimvre, 600, jelimvre)
#
# The games are `generate --game GAME --games GAMES --seed 20261122`, made by the binary
# measured.
# Needs (as root): apt-get install -y valgrind
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-build-bench/jelimvre}
games=${2:-600}
game=${3:-jelimvre}
command -v valgrind > /dev/null || { echo "valgrind is missing: apt-get install -y valgrind" >&2; exit 2; }
if [ "$bin" = build-bench/jelimvre ]; then
  cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DJELIMVRE_BUILD_TESTS=OFF > /dev/null
  cmake --build build-bench -j2 --target jelimvre > /dev/null
fi
[ -x "$bin" ] || { echo "$bin is not an executable" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$bin" generate --game "$game" --games "$games" --seed 20261122 > "$work/games.jgn"
# Every comma-joined token of the movetext except turn numbers and results.
actions=$(sed -e '/^\[/d' -e 's/{[^}]*}//g' "$work/games.jgn" | tr ' \t' '\n\n' | tr ',' '\n' |
  grep -cvE '^$|^[0-9]+\.(\.\.)?$|^(1-0|0-1|1/2-1/2|\*)$')
valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" \
  "$bin" validate --no-board --jobs 1 "$work/games.jgn" > /dev/null 2> "$work/valgrind.log"
instructions=$(sed -n 's/.*refs: *//p' "$work/valgrind.log" | tr -d ',')
awk -v i="$instructions" -v a="$actions" -v g="$games" 'BEGIN {
  printf "%d games, %d actions: %d instructions, %.0f per action\n", g, a, i, i / a }'
