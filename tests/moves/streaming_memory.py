#!/usr/bin/env python3
"""`jelimvre moves` on a position with 284,115 legal turns streams them in memory that does not
grow with their number (issue 33, item 5).

The position: White at counter 9 with three walls and five water pieces in hand on a nearly
empty board, so the walls placed (J5.5a) alone number 273,937. Each of `moves --count`, `moves`
and `moves --format json` runs with its output read through a pipe; its peak resident memory
(the child's own, from wait4) must stay within a few megabytes of what the same command costs on
a position of 9 turns. Holding the turns as strings costs more than 9 MB (the build before
streaming peaked 17 MB above the small position with --count, 25 MB with the text and 49 MB with
JSON). Each listing must also hold exactly the turns it counts.

usage: streaming_memory.py JELIMVRE
"""

import json
import os
import sys

BIG = ("5k5/11/11/11/11/11/11/11/2S8/4K6/11|side=w|turn=10|counter=w:9,b:1"
       "|lost=w:QDTTGGNNSSSSSSSSSS,b:QDTTGGNNSSSSSSSSSSS|supply=w:8,b:8,~:14|double=-|over=-")
SMALL = BIG.replace("counter=w:9", "counter=w:1")
BIG_TOTAL = 284115
BIG_GROUPS = {"Army moves (J4.1)": 9, "Walls placed (J5.5a)": 273937,
              "Water added or removed (J5.7)": 10169}
# Allowed growth over the small position, in KB: the output buffers and the generator's own
# bookkeeping, far below the turns' 9 MB and more.
MARGIN_KB = 4 * 1024

failures = []


def run(jelimvre, position, *options):
    """Runs `jelimvre moves --position POSITION OPTIONS`; returns (stdout bytes, peak RSS KB).

    Started with posix_spawn, which does not copy this script's memory into the child before
    the exec: a forked child's peak would count this script's own."""
    read_end, write_end = os.pipe()
    pid = os.posix_spawn(jelimvre, [jelimvre, "moves", "--position", position, *options],
                         dict(os.environ, LC_ALL="C", LANGUAGE=""),
                         file_actions=[(os.POSIX_SPAWN_DUP2, write_end, 1),
                                       (os.POSIX_SPAWN_CLOSE, read_end)])
    os.close(write_end)
    with os.fdopen(read_end, "rb") as stream:
        out = stream.read()
    _, status, usage = os.wait4(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        failures.append(f"moves --position ... {' '.join(options)}: exit status {code}")
    return out, usage.ru_maxrss


def check(condition, message):
    if not condition:
        failures.append(message)


def check_memory(what, big_kb, small_kb):
    print(f"{what}: peak {big_kb} KB on 284,115 turns, {small_kb} KB on 9 turns")
    check(big_kb <= small_kb + MARGIN_KB,
          f"{what}: peak memory {big_kb} KB, more than {small_kb} KB (9 turns) + {MARGIN_KB} KB")


def text_groups(text):
    """The text listing's groups: {title: (count in its heading, turn lines under it)}."""
    groups = {}
    title = None
    for line in text.splitlines():
        if line.startswith("  ") and title is not None:
            groups[title][1] += 1
        elif ": " in line and line.split(": ")[-1].isdigit() and not line.startswith("total"):
            title, count = line.rsplit(": ", 1)
            groups[title] = [int(count), 0]
    return groups


def main():
    jelimvre = sys.argv[1]

    out, big_kb = run(jelimvre, BIG, "--count")
    _, small_kb = run(jelimvre, SMALL, "--count")
    check_memory("moves --count", big_kb, small_kb)
    text = out.decode()
    for title, count in BIG_GROUPS.items():
        check(f"{title}: {count}\n" in text, f"moves --count: no line '{title}: {count}'")
    check(text.endswith(f"total: {BIG_TOTAL} legal turns\n"), "moves --count: wrong total")

    out, big_kb = run(jelimvre, BIG)
    _, small_kb = run(jelimvre, SMALL)
    check_memory("moves", big_kb, small_kb)
    text = out.decode()
    groups = text_groups(text)
    check({title: counts[0] for title, counts in groups.items()} == BIG_GROUPS,
          f"moves: group counts {groups}")
    for title, (count, lines) in groups.items():
        check(count == lines, f"moves: '{title}' counts {count} turns and lists {lines}")
    listed = [line for line in text.splitlines() if line.startswith("  ")]
    check(len(listed) == BIG_TOTAL and len(set(listed)) == BIG_TOTAL,
          f"moves: {len(listed)} turn lines ({len(set(listed))} different), not {BIG_TOTAL}")
    check(text.endswith(f"\ntotal: {BIG_TOTAL} legal turns\n"), "moves: wrong total")

    out, big_kb = run(jelimvre, BIG, "--format", "json")
    _, small_kb = run(jelimvre, SMALL, "--format", "json")
    check_memory("moves --format json", big_kb, small_kb)
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
    check(turns == listed_turns(listed), "moves --format json: not the turns of the text listing")
    check(out == json.dumps(document, indent=2, ensure_ascii=False).encode() + b"\n",
          "moves --format json: not the bytes of the document dumped with indent 2")

    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


def listed_turns(lines):
    return [line.strip() for line in lines]


if __name__ == "__main__":
    sys.exit(main())
