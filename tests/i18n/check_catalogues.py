#!/usr/bin/python3
"""Checks the message catalogues of src/po against the sources.

1. xgettext, run on the sources as `update-catalogues` runs it, finds the same entries as
   src/po/jelimvre.pot holds: a text added to the sources without remaking the template fails.
2. Every language's catalogue passes `msgfmt --check`, has no fuzzy and no untranslated entry
   (`msgcmp` against the fresh template), and translates every entry of the template.
3. Every translation is non-empty and uses the placeholders of its English text: the same
   arguments (an automatic `{}` counts as the next index), each with the same format spec.
4. The texts of the rules references (titles and markdown blocks of notation/*rules.md, listed
   by jelimvre_rules_messages) keep their markdown and their machine words: the same code spans,
   rule ids, numbers, quoted booklet passages, list items and table rows (with as many cells),
   no blank line, and an option's paragraph still names its option first.
5. No translation uses a term its language's glossary (src/po/glossary/LANG.tsv) rejects: a
   whole word, in any case, outside quotation marks and code spans; a rejected term ending in
   "*" takes any ending. Each glossary row has its four columns, the term and its source given.
6. French typography: a no-break space (U+00A0 or U+202F) before ':', ';', '?' and '!' and
   inside « », outside code spans, placeholders and addresses.

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
    "--keyword", "--keyword=tr", "--keyword=tr_in:1c,2", "--keyword=trf", "--keyword=trn:1,2",
    "--keyword=N_", "--flag=tr:1:no-c-format", "--flag=tr_in:2:no-c-format",
    "--flag=trf:1:no-c-format", "--flag=trn:1:no-c-format", "--flag=trn:2:no-c-format",
    "--flag=N_:1:no-c-format",
]


# "Linie(n)", "colonne(s)", "pieza(s)": a count written with both forms at once. A message's counts
# go through trn and the catalogue's plural forms instead (the rules pages' labels are text).
FIXED_PLURAL = re.compile(r"\w\((?:s|n|e|en|es|er)\)")


def run(command, **kwargs):
    return subprocess.run(command, check=True, capture_output=True, text=True, **kwargs)


def fresh_template(source_dir, work_dir, rules_messages):
    """The template as xgettext makes it now from the sources and the rules references' texts
    (src/po/update_catalogues.cmake makes it the same way)."""
    sources = sorted(str(p.relative_to(source_dir))
                     for pattern in ("*.cpp", "*.hpp") for p in (source_dir / "src").rglob(pattern))
    pot = work_dir / "fresh.pot"
    run(["xgettext", "--language=C++", "--from-code=UTF-8", *XGETTEXT_KEYWORDS, "--force-po",
         "--no-wrap", "--directory=.", f"--directory={rules_messages.parent}", "-o", str(pot),
         *sources, rules_messages.name], cwd=source_dir)
    return pot


def rules_reference_keys(rules_messages, work_dir):
    """The keys of the texts that come from the rules references."""
    pot = work_dir / "rules-reference.pot"
    run(["xgettext", "--language=C++", "--from-code=UTF-8", "--keyword=tr_in:1c,2", "--force-po",
         "--no-wrap", "-o", str(pot), str(rules_messages)])
    return set(catalogue_of(pot, work_dir, "rules-reference", english=True))


CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.S)
RULE_ID = re.compile(r"\b[A-Z]\d+(?:\.\d+)*\b")
NUMBER = re.compile(r"\d+")
# The booklets' own words, quoted as each booklet's language quotes: French « », German „ “, and
# in the paragraph that cites the three Jelimvre booklets, Spanish " ".
BOOKLET_QUOTE = re.compile(r"«[^»]*»|„[^“]*“")
BOOKLETS_PARAGRAPH_QUOTE = re.compile(r'"[^"]*"')
BOOKLETS_LABELS = ("Booklets:",)
LIST_ITEM = re.compile(r"\s*(?:[-*]|\d+\.) ")


def table_rows(text):
    """The cell count of each table row, bars inside code spans not counted."""
    rows = []
    for line in text.split("\n"):
        if line.strip().startswith("|"):
            rows.append(CODE_SPAN.sub("", line.replace("\\|", "")).count("|"))
    return rows


def page_text_faults(english, translated):
    """What a translation of a rules reference's text lost of its markdown and machine words."""
    faults = []
    outside_code = CODE_SPAN.sub(" ", english)
    translated_outside_code = CODE_SPAN.sub(" ", translated)
    if sorted(m.group(0) for m in CODE_SPAN.finditer(english)) != \
            sorted(m.group(0) for m in CODE_SPAN.finditer(translated)):
        faults.append("not the same `code` spans")
    if sorted(RULE_ID.findall(outside_code)) != sorted(RULE_ID.findall(translated_outside_code)):
        faults.append("not the same rule ids")
    if sorted(NUMBER.findall(RULE_ID.sub(" ", outside_code))) != \
            sorted(NUMBER.findall(RULE_ID.sub(" ", translated_outside_code))):
        faults.append("not the same numbers")
    def single_spaced(text):
        return " ".join(text.split())
    quotes = BOOKLET_QUOTE.findall(outside_code)
    if english.startswith(BOOKLETS_LABELS):
        quotes += BOOKLETS_PARAGRAPH_QUOTE.findall(outside_code)
    missing = [single_spaced(q) for q in quotes
               if single_spaced(q) not in single_spaced(translated_outside_code)]
    if missing:
        faults.append(f"the booklet's words {missing[0]} are not kept as they are")
    lines = [line for line in english.split("\n")]
    translated_lines = translated.split("\n")
    if sum(bool(LIST_ITEM.match(l)) for l in lines) != \
            sum(bool(LIST_ITEM.match(l)) for l in translated_lines):
        faults.append("not the same number of list items (a line that starts with '- ', '* ' "
                      "or '1. ' is one)")
    if table_rows(english) != table_rows(translated):
        faults.append("not the same table rows and cells")
    if any(l.strip() == "" for l in translated_lines):
        faults.append("a blank line")
    if english.startswith("Option `"):
        name = CODE_SPAN.search(english).group(0)
        first = CODE_SPAN.search(translated)
        before = translated[:first.start()] if first else translated
        if not first or first.group(0) != name or len(before.split()) != 1:
            faults.append(f"an option's paragraph must start with one word and then {name}")
    return faults


# A glossary row: English concept, the term, rejected terms ("; " between them), the source.
GLOSSARY_COLUMNS = 4
# Text the glossary check skips: quotations (a booklet's own words may be anything) and code.
QUOTED = re.compile(r"«[^»]*»|„[^“]*“|“[^”]*”|\"[^\"]*\"|(`+).+?\1", re.S)


def read_glossary(path):
    """The rejected terms of a glossary as [(pattern, term, line number, concept, accepted)], and
    the faults of its rows."""
    rejected, faults = [], []
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if len(cells) != GLOSSARY_COLUMNS or not cells[1].strip() or not cells[3].strip():
            faults.append(f"{path.name}:{number}: a row is four tab-separated columns (concept, "
                          f"term, rejected terms, source), the term and the source given")
            continue
        concept, accepted, terms = cells[0], cells[1], cells[2]
        for term in (t.strip() for t in terms.split(";")):
            if not term:
                continue
            any_ending = term.endswith("*")
            body = re.escape(term.rstrip("*")).replace(r"\ ", r"\s+")
            ending = r"\w*" if any_ending else ""
            pattern = re.compile(rf"(?<!\w){body}{ending}(?!\w)", re.IGNORECASE)
            rejected.append((pattern, term, number, concept, accepted))
    return rejected, faults


def glossary_faults(language, catalogue, glossary_path):
    """The translations that use a term the glossary rejects."""
    if not glossary_path.exists():
        return [f"{language}.po: no glossary {glossary_path}"]
    rejected, faults = read_glossary(glossary_path)
    for key, text in sorted(catalogue.items(), key=by_key):
        plain = QUOTED.sub(" ", text)
        for pattern, term, number, concept, accepted in rejected:
            found = pattern.search(plain)
            if found:
                faults.append(f"{language}.po: {describe_key(key)} says {found.group(0)!r}, a "
                              f"term the glossary rejects for {concept!r} (say {accepted!r}; "
                              f"{glossary_path.name}:{number}): {text!r}")
    return faults


# French typography: what stands before ':', ';', '?', '!' and inside « ». Skipped: code spans,
# placeholders ({:>2}), addresses (https://), machine text in single quotes ('name: x'), a list of
# the notation's glyphs ("! ? !! ??"), and a sign between two non-spaces (12:30, "x?").
NO_BREAK = "\u00a0\u202f"
FRENCH_SKIPPED = re.compile(
    r"(`+).+?\1|\{[^{}]*\}|[a-z]+://\S+|(?<!\w)'[^'\n]+'(?!\w)|[!?]{1,2}(?:\s+[!?]{1,2})+", re.S)
FRENCH_MISSING_SPACE = re.compile(rf"(?:(?<=[^\s{NO_BREAK}])|(?<= ))[:;?!](?=\s|$)")
FRENCH_QUOTE_SPACE = re.compile(rf"«(?![{NO_BREAK}])|(?<![{NO_BREAK}])»")


def french_typography_faults(catalogue):
    faults = []
    for key, text in sorted(catalogue.items(), key=by_key):
        plain = FRENCH_SKIPPED.sub("x", text)
        found = FRENCH_MISSING_SPACE.search(plain) or FRENCH_QUOTE_SPACE.search(plain)
        if found:
            start = max(0, found.start() - 20)
            faults.append(f"fr.po: {describe_key(key)} needs a no-break space (U+00A0) at "
                          f"{plain[start:found.end()]!r}: {text!r}")
    return faults


def catalogue_of(po_or_pot, work_dir, name, english=False):
    """The catalogue as a dict {key: text}; key is "context\\x04id" for an entry with a context,
    (id, n) for form n of a plural entry (n = 0 the English singular, 1 the plural).
    For a template, english=True fills every translation with its English text first (msgen)."""
    source = po_or_pot
    if english:
        # A template names no charset ("charset=CHARSET"); its texts are the sources', UTF-8.
        template = work_dir / f"{name}.utf8.pot"
        # Nor plural forms ("nplurals=INTEGER"): the English ones are.
        text = pathlib.Path(po_or_pot).read_text(encoding="utf-8").replace(
            "charset=CHARSET", "charset=UTF-8", 1)
        text = re.sub(r'"Plural-Forms: [^"]*"', r'"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
                      text, count=1)
        template.write_text(text, encoding="utf-8")
        # msgen fills only the untranslated entries: a catalogue's own translations go first.
        cleared = work_dir / f"{name}.cleared.po"
        run(["msgfilter", "--keep-header", "--force-po", "-i", str(template), "-o", str(cleared),
             "sed", "-e", "d"])
        source = work_dir / f"{name}.en.po"
        run(["msgen", "--force-po", "-o", str(source), str(cleared)])
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


def by_key(item):
    """An order for (key, text) items, whose keys are strings and (string, form) pairs."""
    return str(item[0])


def describe_key(key):
    if isinstance(key, tuple):  # a form of a plural entry: (its English singular, the form)
        return f"{describe_key(key[0])} (plural form {key[1]})"
    context, _, english = key.rpartition("\x04")
    return f"[{context}] {english!r}" if context else repr(english)


def check_one_file(po, work_dir, rules_messages):
    """For translators: the placeholders and emptiness of one .po file's own entries."""
    english = catalogue_of(po, work_dir, "one-english", english=True)
    translated = catalogue_of(po, work_dir, "one")
    page_keys = rules_reference_keys(rules_messages, work_dir) if rules_messages else set()
    faults = []
    for key, text in sorted(english.items(), key=by_key):
        found = translated.get(key)
        if found is None or found.strip() == "":
            faults.append(f"untranslated: {describe_key(key)}")
            continue
        if key in page_keys:
            faults.extend(f"{describe_key(key)}: {fault}: {found!r}"
                          for fault in page_text_faults(text, found))
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
    parser.add_argument("--rules-messages", type=pathlib.Path,
                        help="the rules references' texts as jelimvre_rules_messages writes them")
    parser.add_argument("--check-file", type=pathlib.Path,
                        help="check one .po file's entries only (for translators)")
    args = parser.parse_args()
    if args.check_file:
        args.work_dir.mkdir(parents=True, exist_ok=True)
        return check_one_file(args.check_file, args.work_dir, args.rules_messages)
    if not args.source_dir or not args.languages or not args.rules_messages:
        parser.error("--source-dir, --languages and --rules-messages are required")
    source_dir = args.source_dir.resolve()
    work_dir = args.work_dir
    work_dir.mkdir(parents=True, exist_ok=True)
    po_dir = source_dir / "src" / "po"
    faults = []

    template = catalogue_of(po_dir / "jelimvre.pot", work_dir, "template", english=True)
    rules_messages = args.rules_messages.resolve()
    fresh = catalogue_of(fresh_template(source_dir, work_dir, rules_messages), work_dir, "fresh",
                         english=True)
    page_keys = rules_reference_keys(rules_messages, work_dir)
    for key in sorted(fresh.keys() - template.keys(), key=str):
        faults.append(f"jelimvre.pot lacks {describe_key(key)}, found in the sources")
    for key in sorted(template.keys() - fresh.keys(), key=str):
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
        for key, english in sorted(template.items(), key=by_key):
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
            if key in page_keys:
                faults.extend(f"{language}.po: {describe_key(key)}: {fault}: {translated!r}"
                              for fault in page_text_faults(english, translated))
            elif FIXED_PLURAL.search(translated):
                faults.append(f"{language}.po: {describe_key(key)} counts with a fixed plural "
                              f"mark ({FIXED_PLURAL.search(translated).group(0)!r}): give the "
                              f"count its plural forms in the sources (trn): {translated!r}")
        for key in sorted(catalogue.keys() - template.keys(), key=str):
            faults.append(f"{language}.po: a translation of {describe_key(key)}, which is not "
                          f"in the template")
        faults.extend(glossary_faults(language, catalogue, po_dir / "glossary" / f"{language}.tsv"))
        if language == "fr":
            faults.extend(french_typography_faults(catalogue))

    for fault in faults:
        print(fault)
    print(f"{len(template)} entries, {len(args.languages)} languages: "
          f"{'all translated' if not faults else f'{len(faults)} faults'}")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
