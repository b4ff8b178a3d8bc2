#!/usr/bin/env bash
# Whole-process speed of `jelimvre validate` against pgn-extract, measured side by side (issue 6),
# for Jelimvre, ChessMe and Imbriquation.
#
#   tests/bench/compare_pgn_extract.sh [ACTIONS] [COPIES]   (defaults 1,000,000 and 5)
#
# Builds a Release binary in build-bench/, generates random legal games with at least ACTIONS
# actions, writes them COPIES times into one file (so that a run lasts long enough to time
# well), validates that file single-threaded (and once more on every core), checks
# ../shared/bench/chess-random-5000.pgn with `pgn-extract -r -s` in the same run, and prints
# actions/s, plies/s, their ratio and the peak memory of each. Every time is the best of 5 runs.
# Needs (as root): apt-get install -y pgn-extract time
set -euo pipefail
cd "$(dirname "$0")/../.."
target=${1:-1000000}
copies=${2:-5}
pgn=../shared/bench/chess-random-5000.pgn
pgn_plies=777187  # ../shared/bench/README.md
extract=/usr/games/pgn-extract
[ -x "$extract" ] || { echo "pgn-extract is missing: apt-get install -y pgn-extract" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "GNU time is missing: apt-get install -y time" >&2; exit 2; }
[ -f "$pgn" ] || { echo "$pgn is missing" >&2; exit 2; }

cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DJELIMVRE_BUILD_TESTS=OFF >/dev/null
cmake --build build-bench -j2 --target jelimvre >/dev/null
bin=build-bench/jelimvre
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Count the actions of a JGN file: every comma-joined token of the movetext except turn numbers
# and results (tags and comments left out).
count_actions() {
  sed -e '/^\[/d' -e 's/{[^}]*}//g' "$1" |
    tr ' \t' '\n\n' | tr ',' '\n' |
    grep -cvE '^$|^[0-9]+\.(\.\.)?$|^(1-0|0-1|1/2-1/2|\*)$'
}

games=2000
while :; do
  "$bin" generate --games "$games" --seed 20261122 > "$work/games.jgn"
  actions=$(count_actions "$work/games.jgn")
  [ "$actions" -ge "$target" ] && break
  games=$(( games * target / (actions + 1) + 100 ))
done

for _ in $(seq "$copies"); do cat "$work/games.jgn"; done > "$work/copies.jgn"
actions=$(( actions * copies ))
games=$(( games * copies ))

# The same for ChessMe (issue 17): the game closest to chess, so the fairest comparison.
cme_games=5000
while :; do
  "$bin" generate --game chessme --games "$cme_games" --seed 20261122 > "$work/chessme.jgn"
  cme_actions=$(count_actions "$work/chessme.jgn")
  [ "$cme_actions" -ge "$target" ] && break
  cme_games=$(( cme_games * target / (cme_actions + 1) + 100 ))
done
for _ in $(seq "$copies"); do cat "$work/chessme.jgn"; done > "$work/chessme-copies.jgn"
cme_actions=$(( cme_actions * copies ))
cme_games=$(( cme_games * copies ))

# The same for Imbriquation (issue 18), whose target is an absolute rate: 10 M actions/s.
imb_games=2000
while :; do
  "$bin" generate --game imbriquation --games "$imb_games" --seed 20261122 > "$work/imbriquation.jgn"
  imb_actions=$(count_actions "$work/imbriquation.jgn")
  [ "$imb_actions" -ge "$target" ] && break
  imb_games=$(( imb_games * target / (imb_actions + 1) + 100 ))
done
for _ in $(seq "$copies"); do cat "$work/imbriquation.jgn"; done > "$work/imbriquation-copies.jgn"
imb_actions=$(( imb_actions * copies ))
imb_games=$(( imb_games * copies ))

measure() {  # prints "seconds peak_kib": the best time of 5 runs, and the largest peak
  # The time comes from bash's microsecond clock: GNU time's %e has 10 ms steps, 2.5 % of a
  # 0.4 s run. GNU time still reports the peak memory.
  for _ in 1 2 3 4 5; do
    local start=$EPOCHREALTIME
    /usr/bin/time -f '%M' -o "$work/time" "$@" > /dev/null 2> /dev/null || true
    local end=$EPOCHREALTIME
    echo "$start $end $(cat "$work/time")"
  done | awk '{ t = $2 - $1; if (best == "" || t < best) best = t; if ($3 > peak) peak = $3 }
              END { printf "%.4f %d\n", best, peak }'
}
read -r j_s j_kib <<< "$(measure "$bin" validate --no-board --jobs 1 "$work/copies.jgn")"
read -r jp_s jp_kib <<< "$(measure "$bin" validate --no-board "$work/copies.jgn")"
read -r c_s c_kib <<< "$(measure "$bin" validate --no-board --jobs 1 "$work/chessme-copies.jgn")"
read -r i_s i_kib <<< "$(measure "$bin" validate --no-board --jobs 1 "$work/imbriquation-copies.jgn")"
read -r p_s p_kib <<< "$(measure "$extract" -r -s "$pgn")"
ls -l "$work/copies.jgn" | awk -v c="$copies" '{printf "input: %s bytes (%d copies of the generated games)\n", $5, c}'
awk -v a="$actions" -v g="$games" -v js="$j_s" -v jk="$j_kib" -v jps="$jp_s" -v jpk="$jp_kib" \
    -v cores="$(nproc)" -v pl="$pgn_plies" -v ps="$p_s" -v pk="$p_kib" \
    -v ca="$cme_actions" -v cg="$cme_games" -v cs="$c_s" -v ck="$c_kib" \
    -v ia="$imb_actions" -v ig="$imb_games" -v is="$i_s" -v ik="$i_kib" 'BEGIN {
  jr = a / js; pr = pl / ps;
  printf "jelimvre validate --jobs 1: %d games, %d actions in %.3f s = %.0f actions/s, peak %d KiB\n", g, a, js, jr, jk;
  printf "jelimvre validate (%d threads): %.3f s = %.0f actions/s, peak %d KiB\n", cores, jps, a / jps, jpk;
  printf "pgn-extract -r -s: %d plies in %.3f s = %.0f plies/s, peak %d KiB\n", pl, ps, pr, pk;
  printf "ratio, single-threaded (jelimvre actions/s : pgn-extract plies/s): %.2f\n", jr / pr;
  cr = ca / cs;
  printf "ChessMe, jelimvre validate --jobs 1: %d games, %d actions in %.3f s = %.0f actions/s, peak %d KiB\n", cg, ca, cs, cr, ck;
  printf "ratio, single-threaded (ChessMe actions/s : pgn-extract plies/s): %.2f\n", cr / pr;
  printf "Imbriquation, jelimvre validate --jobs 1: %d games, %d actions in %.3f s = %.0f actions/s, peak %d KiB\n", ig, ia, is, ia / is, ik;
}'
