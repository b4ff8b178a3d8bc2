#!/usr/bin/python3
"""Checks the message catalogues of src/po against the sources.

1. xgettext, run on the sources as `update-catalogues` runs it, finds the same entries as
   src/po/jelimvre.pot holds: a text added to the sources without remaking the template fails.
2. Every language's catalogue passes `msgfmt --check`, has no fuzzy and no untranslated entry
   (`msgcmp` against the fresh template), and translates every entry of the template.
3. Every translation is non-empty and uses the placeholders of its English text: the same
   arguments (an automatic `{}` counts as the next index), each with the same format spec.

The catalogues are read by gettext's own tools and by Python's gettext module (from .mo files
compiled here), never by a parser of ours. Exit status 0 when all hold, 1 with a list of faults.
"""

import argparse
import gettext
import pathlib
import re
import string
import subprocess
import sys

XGETTEXT_KEYWORDS = [
    "--keyword", "--keyword=tr", "--keyword=tr_in:1c,2", "--keyword=trf", "--keyword=N_",
    "--flag=tr:1:no-c-format", "--flag=tr_in:2:no-c-format", "--flag=trf:1:no-c-format",
    "--flag=N_:1:no-c-format",
]


def run(command, **kwargs):
    return subprocess.run(command, check=True, capture_output=True, text=True, **kwargs)


def extra_template_sources(source_dir):
    """The template's entries that do not come from C++ sources (the rules pages)."""
    return sorted((source_dir / "src" / "po").glob("*.pot.part"))


def fresh_template(source_dir, work_dir):
    sources = sorted(str(p.relative_to(source_dir))
                     for pattern in ("*.cpp", "*.hpp") for p in (source_dir / "src").rglob(pattern))
    pot = work_dir / "fresh.pot"
    run(["xgettext", "--language=C++", "--from-code=UTF-8", *XGETTEXT_KEYWORDS, "--force-po",
         "--no-wrap", "-o", str(pot), *sources], cwd=source_dir)
    return pot


def catalogue_of(po_or_pot, work_dir, name, english=False):
    """The catalogue as a dict {key: text}; key is "context\\x04id" for an entry with a context.
    For a template, english=True fills every translation with its English text first (msgen)."""
    source = po_or_pot
    if english:
        # A template names no charset ("charset=CHARSET"); its texts are the sources', UTF-8.
        template = work_dir / f"{name}.utf8.pot"
        template.write_text(pathlib.Path(po_or_pot).read_text(encoding="utf-8").replace(
            "charset=CHARSET", "charset=UTF-8", 1), encoding="utf-8")
        source = work_dir / f"{name}.en.po"
        run(["msgen", "--force-po", "-o", str(source), str(template)])
    mo = work_dir / f"{name}.mo"
    run(["msgfmt", *(["--use-fuzzy"] if english else []), "-o", str(mo), str(source)])
    with open(mo, "rb") as f:
        translations = gettext.GNUTranslations(f)
    return {k: v for k, v in translations._catalog.items() if k != ""}


def placeholders(text):
    """{argument index: format spec} of a fmt format string; raises ValueError if malformed."""
    fields = {}
    automatic = 0
    for _, field, spec, conversion in string.Formatter().parse(text):
        if field is None:
            continue
        if conversion:
            raise ValueError(f"conversion !{conversion} is not fmt's")
        if field == "":
            index = automatic
            automatic += 1
        elif re.fullmatch(r"\d+", field):
            index = int(field)
        else:
            raise ValueError(f"named placeholder {{{field}}}")
        if index in fields and fields[index] != spec:
            raise ValueError(f"argument {index} with two format specs")
        fields[index] = spec or ""
    return fields


def describe_key(key):
    context, _, english = key.rpartition("\x04")
    return f"[{context}] {english!r}" if context else repr(english)


def check_one_file(po, work_dir):
    """For translators: the placeholders and emptiness of one .po file's own entries."""
    english = catalogue_of(po, work_dir, "one-english", english=True)
    translated = catalogue_of(po, work_dir, "one")
    faults = []
    for key, text in sorted(english.items()):
        found = translated.get(key)
        if found is None or found.strip() == "":
            faults.append(f"untranslated: {describe_key(key)}")
            continue
        try:
            if placeholders(text) != placeholders(found):
                faults.append(f"placeholders differ: {describe_key(key)} -> {found!r}")
        except ValueError as error:
            faults.append(f"{describe_key(key)}: {error}: {found!r}")
    for fault in faults:
        print(fault)
    print(f"{len(english)} entries, {len(faults)} faults")
    return 1 if faults else 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source-dir", type=pathlib.Path)
    parser.add_argument("--work-dir", required=True, type=pathlib.Path)
    parser.add_argument("--languages", nargs="+")
    parser.add_argument("--check-file", type=pathlib.Path,
                        help="check one .po file's entries only (for translators)")
    args = parser.parse_args()
    if args.check_file:
        args.work_dir.mkdir(parents=True, exist_ok=True)
        return check_one_file(args.check_file, args.work_dir)
    if not args.source_dir or not args.languages:
        parser.error("--source-dir and --languages are required")
    source_dir = args.source_dir.resolve()
    work_dir = args.work_dir
    work_dir.mkdir(parents=True, exist_ok=True)
    po_dir = source_dir / "src" / "po"
    faults = []

    template = catalogue_of(po_dir / "jelimvre.pot", work_dir, "template", english=True)
    fresh = catalogue_of(fresh_template(source_dir, work_dir), work_dir, "fresh", english=True)
    for part in extra_template_sources(source_dir):
        fresh.update(catalogue_of(part, work_dir, part.stem, english=True))
    for key in sorted(fresh.keys() - template.keys()):
        faults.append(f"jelimvre.pot lacks {describe_key(key)}, found in the sources")
    for key in sorted(template.keys() - fresh.keys()):
        faults.append(f"jelimvre.pot holds {describe_key(key)}, no longer in the sources")
    if faults:
        faults.append("remake the template: cmake --build BUILD --target update-catalogues")

    for key, english in template.items():
        try:
            placeholders(english)
        except ValueError as error:
            faults.append(f"template: {describe_key(key)}: {error}")

    for language in args.languages:
        po = po_dir / f"{language}.po"
        check = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)],
                               capture_output=True, text=True)
        if check.returncode != 0:
            faults.append(f"{language}.po: msgfmt --check fails:\n{check.stderr}")
            continue
        if re.search(r"fuzzy|untranslated", check.stderr):
            faults.append(f"{language}.po: {check.stderr.strip()}")
        catalogue = catalogue_of(po, work_dir, language)
        for key, english in sorted(template.items()):
            translated = catalogue.get(key)
            if translated is None:
                faults.append(f"{language}.po: no translation of {describe_key(key)}")
                continue
            if translated.strip() == "":
                faults.append(f"{language}.po: an empty translation of {describe_key(key)}")
                continue
            try:
                expected = placeholders(english)
                found = placeholders(translated)
            except ValueError as error:
                faults.append(f"{language}.po: {describe_key(key)}: {error}")
                continue
            if expected != found:
                faults.append(f"{language}.po: the placeholders of {describe_key(key)} are "
                              f"{sorted(expected.items())}, its translation has "
                              f"{sorted(found.items())}: {translated!r}")
        for key in sorted(catalogue.keys() - template.keys()):
            faults.append(f"{language}.po: a translation of {describe_key(key)}, which is not "
                          f"in the template")

    for fault in faults:
        print(fault)
    print(f"{len(template)} entries, {len(args.languages)} languages: "
          f"{'all translated' if not faults else f'{len(faults)} faults'}")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
