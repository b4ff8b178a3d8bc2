#!/usr/bin/python3
"""Tests of check_catalogues.py's own checks: the glossary check finds a rejected term (whole
words, any case, "*" for any ending) and leaves quotations and code alone; the French typography
check finds a colon, semicolon, question or exclamation mark without its no-break space and
leaves code, placeholders, addresses and the notation's glyphs alone.

Exit status 0 when every case holds, 1 with the cases that do not.
"""

import pathlib
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import check_catalogues  # noqa: E402  (the folder of this file is put on the path first)

NBSP = "\u00a0"
GLOSSARY = (
    "# English concept\tterm\trejected\tsource\n"
    "timer\tSanduhr\tZeitmessung*; Stoppuhr\tJelimvre booklet (de)\n"
    "turn counter\tSpielzähler\tZähler\tJelimvre booklet (de)\n"
)

# (what, catalogue text, whether the glossary check must find a fault)
GLOSSARY_CASES = [
    ("the rejected word", "mit Zeitmessung gespielt", True),
    ("an ending taken by '*'", "die Zeitmessungen", True),
    ("another case", "STOPPUHR", True),
    ("a rejected word without '*' takes no ending", "die Stoppuhren", False),
    ("a compound of the accepted word", "der Spielzähler steht auf 3", False),
    ("the rejected word inside a booklet quotation", "das Heft sagt „Zeitmessung“", False),
    ("the rejected word inside code", "die Option `Zähler`", False),
    ("the accepted word", "mit Sanduhr gespielt", False),
]

# (what, French text, whether the typography check must find a fault)
FRENCH_CASES = [
    ("a colon after a word", "erreur: J7.1", True),
    ("a colon after a plain space", "note : la partie", True),
    ("a question mark without its space", "vouliez-vous dire '--format'?", True),
    ("guillemets without their spaces", "le mot «muraille»", True),
    ("the no-break spaces", f"erreur{NBSP}: J7.1{NBSP}; vouliez-vous dire{NBSP}? «{NBSP}x{NBSP}»",
     False),
    ("a placeholder's format spec", "compteur {:>2} sur 12", False),
    ("a code span", "écrivez `name: club`", False),
    ("machine text in single quotes", "par exemple 'name: club-2026'", False),
    ("an address", "voir https://example.org", False),
    ("the notation's glyphs", "un signe (! ? !! ?? !? ?!)", False),
    ("a time", "à 12:30", False),
]


def main():
    failures = []
    with tempfile.TemporaryDirectory() as work:
        glossary = pathlib.Path(work) / "de.tsv"
        glossary.write_text(GLOSSARY, encoding="utf-8")
        for what, text, expected in GLOSSARY_CASES:
            found = bool(check_catalogues.glossary_faults("de", {"key": text}, glossary))
            if found != expected:
                failures.append(f"glossary, {what}: {text!r} {'passes' if expected else 'fails'}")
        broken = pathlib.Path(work) / "broken.tsv"
        broken.write_text("timer\tSanduhr\n", encoding="utf-8")
        if not check_catalogues.glossary_faults("de", {}, broken):
            failures.append("glossary: a row without four columns passes")
    for what, text, expected in FRENCH_CASES:
        found = bool(check_catalogues.french_typography_faults({"key": text}))
        if found != expected:
            failures.append(f"French typography, {what}: {text!r} "
                            f"{'passes' if expected else 'fails'}")
    for failure in failures:
        print(failure)
    print(f"{len(GLOSSARY_CASES) + 1 + len(FRENCH_CASES)} cases, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
