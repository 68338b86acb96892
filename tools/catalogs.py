"""The translation catalogs, brought up to date in one command: `python tools/catalogs.py`.

1. extract: every string marked in the code (quitlok/, pages/, tutorial_app.py, as babel.cfg lists them) into
   the template quitlok/locale/quitlok.pot, with the comments for translators ("# Translators: ...");
2. update: each language's catalog, quitlok/locale/<language>/LC_MESSAGES/quitlok.po, takes the template's new
   strings and drops the ones gone (a language without a catalog gets one: `pybabel init`);
3. compile: each .po into the .mo the app reads (committed; tests/i18n/test_catalogs.py fails when one is
   stale).

The same steps by hand (from the project's folder):

    pybabel extract -F babel.cfg -k N_ -k pgettext:1c,2 -c "Translators:" --sort-output --add-location=file \
        -o quitlok/locale/quitlok.pot .
    pybabel update -i quitlok/locale/quitlok.pot -d quitlok/locale -D quitlok     (init -l <language> for a new one)
    pybabel compile -d quitlok/locale -D quitlok

`python tools/catalogs.py --check` changes nothing and says whether the template holds every marked string and
every compiled catalog is current (exit status 1 when not).
"""

import argparse
import os
import re
import sys
import tempfile
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from quitlok.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE  # noqa: E402  (after the path above)

TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
#: the options of every extraction: the team's keywords (i18n-rules.md), comments for translators, a stable order
#: and file names without line numbers (so that an edit elsewhere in a file does not change the template)
EXTRACT = ["-F", "babel.cfg", "-k", "N_", "-k", "pgettext:1c,2", "-c", "Translators:",
           "--sort-output", "--add-location=file", "--project=Quitlok", "--copyright-holder=Quitlok",
           "--msgid-bugs-address=https://github.com/", "--no-wrap"]


def pybabel(*args: str) -> None:
    """Run a pybabel command in this process (Babel's own command line)."""
    CommandLineInterface().run(["pybabel", "-q", *args])


def extract(to: Path = TEMPLATE) -> Path:
    """Every marked string of the code into the template `to`."""
    to.parent.mkdir(parents=True, exist_ok=True)
    here = Path.cwd()
    os.chdir(ROOT)  # the template names files from the project's folder (quitlok/cards.py), wherever it is
    try:
        pybabel("extract", *EXTRACT, "-o", str(to.resolve()), ".")
    finally:
        os.chdir(here)
    return to


def catalog(code: str, suffix: str = "po") -> Path:
    """The catalog file of language `code`."""
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.{suffix}"


def languages() -> list[str]:
    """The languages that have catalogs: every language of the app but English, the source."""
    return [code for code in LANGUAGES if code != SOURCE]


def update() -> None:
    """Each language's catalog takes the template's strings (a new language's catalog is made first)."""
    for code in languages():
        if catalog(code).exists():
            pybabel("update", "-i", str(TEMPLATE), "-d", str(LOCALE_DIR), "-D", DOMAIN, "-l", code, "--no-wrap",
                    "--ignore-obsolete", "--no-fuzzy-matching")  # a guessed translation would hide as English
        else:
            pybabel("init", "-i", str(TEMPLATE), "-d", str(LOCALE_DIR), "-D", DOMAIN, "-l", code, "--no-wrap")


def compile_(into: Path = LOCALE_DIR) -> None:
    """Each language's .po compiled into its .mo, under `into` (the catalogs' own folder by default)."""
    for code in languages():
        out = into / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
        out.parent.mkdir(parents=True, exist_ok=True)
        pybabel("compile", "-i", str(catalog(code)), "-o", str(out), "-D", DOMAIN, "-l", code)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; say whether the catalogs are current")
    if parser.parse_args(argv).check:
        found = problems()
        print("\n".join(found) or "The catalogs are current.")
        return 1 if found else 0
    with tempfile.TemporaryDirectory() as folder:
        fresh = extract(Path(folder) / "fresh.pot")
        if TEMPLATE.exists() and _undated(fresh) == _undated(TEMPLATE) and all(
                catalog(code).exists() for code in languages()):
            print("The template is current (only its date would change): the .po files are left as they are.")
        else:
            TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
            TEMPLATE.write_bytes(fresh.read_bytes())
            update()
    compile_()
    print(f"Catalogs: {_shown(TEMPLATE)}, " + ", ".join(
        _shown(catalog(code)) for code in languages()) + " and their .mo, current.")
    return 0


def _undated(path: Path) -> str:
    """A template's text without its creation date, which every extraction changes."""
    return re.sub(r'^"POT-Creation-Date: .*\n', "", path.read_text(encoding="utf-8"), flags=re.MULTILINE)


def _shown(path: Path) -> str:
    """A file's name from the project's folder (quitlok/locale/...), or in full when it lies elsewhere."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def _ids(path: Path) -> set[tuple[str | None, str]]:
    """The (context, msgid) of every string of the catalog or template at `path`."""
    with path.open("rb") as file:
        return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in read_po(file) if m.id}


def problems() -> list[str]:
    """What is out of date, in words with the command that fixes it: a string marked in the code but missing from
    the template (or one in the template no longer in the code), a language's catalog that lacks the template's
    strings, a compiled catalog that is not what `pybabel compile` makes of its .po. None: all current."""
    fix = "run `python tools/catalogs.py` (extract, update, compile) and commit quitlok/locale/"
    found = []
    with tempfile.TemporaryDirectory() as folder:
        fresh = _ids(extract(Path(folder) / "fresh.pot"))
        kept = _ids(TEMPLATE) if TEMPLATE.exists() else set()
        if fresh - kept:
            found.append(f"{len(fresh - kept)} marked strings are not in {_shown(TEMPLATE)}, such as "
                         f"{sorted(fresh - kept, key=str)[0][1]!r}: {fix}")
        if kept - fresh:
            found.append(f"{len(kept - fresh)} strings of the template are marked nowhere in the code, such as "
                         f"{sorted(kept - fresh, key=str)[0][1]!r}: {fix}")
        for code in languages():
            if not catalog(code).exists():
                found.append(f"{_shown(catalog(code))} is missing: {fix}")
                continue
            if kept - _ids(catalog(code)):
                found.append(f"{_shown(catalog(code))} lacks strings of the template: {fix}")
        compile_(Path(folder))
        for code in languages():
            made, kept_mo = Path(folder) / code / "LC_MESSAGES" / f"{DOMAIN}.mo", catalog(code, "mo")
            if made.exists() and (not kept_mo.exists() or kept_mo.read_bytes() != made.read_bytes()):
                found.append(f"{_shown(kept_mo)} is not what `pybabel compile` makes of its .po: {fix}")
    return found


if __name__ == "__main__":
    sys.exit(main())
