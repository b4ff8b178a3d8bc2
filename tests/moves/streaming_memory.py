#!/usr/bin/env python3
"""`jelimvre moves` on a position with 284,115 legal turns streams them in memory that does not
grow with their number (issue 33, item 5).

The position: White at counter 9 with three walls and five water pieces in hand on a nearly
empty board, so the walls placed (J5.5a) alone number 273,937. Each of `moves --count`, `moves`
and `moves --format json` runs under prlimit's cap on its address space: the smallest cap (in
MiB) under which the same command lists a position of 9 turns, plus 4 MiB. Holding the turns
costs far more: the build before streaming needed 25 MiB more than the small position with
--count, 35 MiB with the text and 61 MiB with JSON. Each listing must also hold exactly the
turns it counts, and the JSON document be the bytes of its own dump with an indent of 2.

The same cap holds for a position of 499,015 crossings (five soldiers by a lake, J11.3), where the
same sets of crossings are met in many orders: `moves --count` and `moves` list each set once
without remembering the sets met (remembering them took 52 MiB more than 9 turns).

usage: streaming_memory.py JELIMVRE
"""

import json
import os
import shutil
import subprocess
import sys
import time

BIG = ("5k5/11/11/11/11/11/11/11/2S8/4K6/11|side=w|turn=10|counter=w:9,b:1"
       "|lost=w:QDTTGGNNSSSSSSSSSS,b:QDTTGGNNSSSSSSSSSSS|supply=w:8,b:8,~:14|double=-|over=-")
SMALL = BIG.replace("counter=w:9", "counter=w:1")  # its 9 army moves only
BIG_TOTAL = 284115
BIG_GROUPS = {"Army moves (J4.1)": 9, "Walls placed (J5.5a)": 273937,
              "Water added or removed (J5.7)": 10169}
CROSSINGS = ("5k5/11/11/2SSSS5/2~~~~5/2~~~~5/2S8/11/11/4K6/11|side=w|turn=10|counter=w:1,b:1"
             "|lost=w:QDTTGGNNSSSSSS,b:QDTTGGNNSSSSSSSSSSS|supply=w:8,b:8,~:6|double=-|over=-")
CROSSINGS_GROUPS = {"Army moves (J4.1)": 12, "Crossings (J11.3)": 499015}
CROSSINGS_TOTAL = 499027
# What the big position may cost beyond the small one: buffers, not turns (the 284,115 turns'
# strings alone take 9 MiB).
MARGIN_MIB = 4

failures = []


def run(jelimvre, position, options, cap_mib):
    """`jelimvre moves --position POSITION OPTIONS` with its address space capped at cap_mib:
    (exit status, standard output)."""
    command = [shutil.which("prlimit") or "prlimit", f"--as={cap_mib * 1024 * 1024}", "--",
               jelimvre, "moves", "--position", position, *options]
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          env=dict(os.environ, LC_ALL="C", LANGUAGE=""))
    return done.returncode, done.stdout


def smallest_cap(jelimvre, position, options):
    """The smallest cap, in MiB, under which the command succeeds."""
    low, high = 1, 1024  # fails at low (or low is 1), succeeds at high
    status, _ = run(jelimvre, position, options, high)
    if status != 0:
        failures.append(f"moves {' '.join(options)}: fails on 9 turns even with {high} MiB")
        return high
    while high - low > 1:
        middle = (low + high) // 2
        if run(jelimvre, position, options, middle)[0] == 0:
            high = middle
        else:
            low = middle
    return high


def check(condition, message):
    if not condition:
        failures.append(message)


def listed_bounded(jelimvre, options, position=BIG, total=BIG_TOTAL):
    """A big position's listing, under the small position's cap plus the margin."""
    cap = smallest_cap(jelimvre, SMALL, options) + MARGIN_MIB
    start = time.monotonic()
    status, out = run(jelimvre, position, options, cap)
    seconds = time.monotonic() - start
    name = " ".join(["moves", *options])
    print(f"{name}: {total:,} turns in {seconds:.2f} s within {cap} MiB of address space "
          f"(9 turns: {cap - MARGIN_MIB} MiB)")
    check(status == 0, f"{name}: exit status {status} within {cap} MiB of address space "
                       f"(9 turns need {cap - MARGIN_MIB} MiB)")
    return out.decode() if status == 0 else None


def text_groups(text):
    """The text listing's groups: {title: [count in its heading, turn lines under it]}."""
    groups = {}
    title = None
    for line in text.splitlines():
        if line.startswith("  ") and title is not None:
            groups[title][1] += 1
        elif not line.startswith("total: ") and line.rsplit(": ", 1)[-1].isdigit():
            title, count = line.rsplit(": ", 1)
            groups[title] = [int(count), 0]
    return groups


def main():
    jelimvre = os.path.abspath(sys.argv[1])

    text = listed_bounded(jelimvre, ["--count"]) or ""
    for title, count in BIG_GROUPS.items():
        check(f"\n{title}: {count}\n" in text, f"moves --count: no line '{title}: {count}'")
    check(text.endswith(f"\ntotal: {BIG_TOTAL} legal turns\n"), "moves --count: the total")

    text = listed_bounded(jelimvre, []) or ""
    groups = text_groups(text)
    check({title: counts[0] for title, counts in groups.items()} == BIG_GROUPS,
          f"moves: the groups' counts {groups}")
    for title, (count, lines) in groups.items():
        check(count == lines, f"moves: '{title}' counts {count} turns and lists {lines}")
    listed = [line[2:] for line in text.splitlines() if line.startswith("  ")]
    check(len(listed) == BIG_TOTAL and len(set(listed)) == BIG_TOTAL,
          f"moves: {len(listed)} turn lines ({len(set(listed))} different), not {BIG_TOTAL}")
    check(text.endswith(f"\n\ntotal: {BIG_TOTAL} legal turns\n"), "moves: the total")

    out = listed_bounded(jelimvre, ["--format", "json"])
    if out is None:
        return report()
    document = json.loads(out)
    check(document["total"] == BIG_TOTAL, f"moves --format json: total {document['total']}")
    turns = []
    for group in document["groups"]:
        check(group["count"] == len(group["turns"]),
              f"moves --format json: {group['kind']} counts {group['count']} turns and lists "
              f"{len(group['turns'])}")
        check(BIG_GROUPS.get(group["title"], 0) == group["count"],
              f"moves --format json: {group['kind']} counts {group['count']}")
        turns += group["turns"]
    check(turns == listed, "moves --format json: not the turns of the text listing, in order")
    check(out == json.dumps(document, indent=2, ensure_ascii=False) + "\n",
          "moves --format json: not the bytes of its document dumped with an indent of 2")

    text = listed_bounded(jelimvre, ["--count"], CROSSINGS, CROSSINGS_TOTAL) or ""
    check(text.endswith(f"\ntotal: {CROSSINGS_TOTAL} legal turns\n"),
          "moves --count (crossings): the total")
    text = listed_bounded(jelimvre, [], CROSSINGS, CROSSINGS_TOTAL) or ""
    groups = text_groups(text)
    check({title: counts[0] for title, counts in groups.items()} == CROSSINGS_GROUPS,
          f"moves (crossings): the groups' counts {groups}")
    listed = [line[2:] for line in text.splitlines() if line.startswith("  ")]
    check(len(listed) == CROSSINGS_TOTAL and len(set(listed)) == CROSSINGS_TOTAL,
          f"moves (crossings): {len(listed)} turn lines ({len(set(listed))} different), "
          f"not {CROSSINGS_TOTAL}")

    return report()


def report():
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
