"""Words for people, read from `content/` (Markdown): the one reader of those files.

A file is `content/<name>.md` in English, and `content/<language>/<name>.md` in another language (issue 26);
a language without its own file of that name reads the English one (file by file). In the tests'
pseudo-language every file is `quitlok.i18n.pseudo` of the English. Everything here reads the current language
(quitlok.i18n.language()), and keeps what it read per language.

A file is split into sections at its '## ' headings. A key heading (`## try`, lowercase, digits and underscores)
stays as it is in a translation; a heading people read (`## The pack`, `## [7] Rudi von Leyden, ...`) is
translated in its place. So a section is always looked up by the English file's heading, its key, and a
translation keeps the English file's sections in the same order (tests/i18n/test_content_translations.py):
`sections(name)` is {English key: text in the language}, `headings(name)` {English key: heading as shown in
the language}. A translated file whose sections do not match the English file's is not used (the English is
read, and the server's log says why).

The app's pages read them through quitlok.ui.words, the printed sheets (quitlok.printing) straight from here,
so a sheet and its page never say different things. No Streamlit here: the printing side must not import it.
"""

import logging
import re
from functools import cache
from pathlib import Path

from quitlok.i18n import PSEUDO, SOURCE, language, pseudo

CONTENT = Path(__file__).resolve().parents[1] / "content"
LOG = logging.getLogger("quitlok.content")

_ENTRY = re.compile(r"\[(\d+)\] +(.+)")
_HEADING = re.compile(r"^## +(.+)$", re.MULTILINE)


def path(name: str, code: str | None = None) -> Path:
    """The file read for `name` in language `code` (the current language by default): the language's own
    file when it has one, else the English file."""
    code = language() if code is None else code
    own = CONTENT / code / f"{name}.md"
    if code not in (SOURCE, PSEUDO) and own.is_file() and _same_shape(name, code):
        return own
    return CONTENT / f"{name}.md"


@cache
def file_text(name: str, code: str) -> str:
    """The Markdown text of `name` in language `code` (see `path`), read once per language."""
    text = path(name, code).read_text(encoding="utf-8")
    return pseudo(text) if code == PSEUDO else text


def read(name: str) -> str:
    """The Markdown text of `content/<name>.md` in the current language (the English file when the language
    has no file of that name)."""
    return file_text(name, language())


def _split(name: str, code: str) -> tuple[tuple[str, str, str], ...]:
    """(English key, heading as shown, text) of each section of `name` in `code`, in the file's order."""
    keys = _headings_of(file_text(name, SOURCE))
    parts = _HEADING.split(read_as(name, code))
    shown = [heading.strip() for heading in parts[1::2]]
    return tuple(zip(keys, shown, (text.strip() for text in parts[2::2]), strict=True))


def read_as(name: str, code: str) -> str:
    """`read(name)` in language `code`, through `read` when `code` is the current language (so that a test may
    watch which files the app reads)."""
    return read(name) if code == language() else file_text(name, code)


def sections(name: str) -> dict[str, str]:
    """`content/<name>.md` in the current language, split at its '## ' headings: {English key: text} (a new
    dict on every call)."""
    return {key: text for key, _shown, text in _split(name, language())}


def headings(name: str) -> dict[str, str]:
    """The headings of `content/<name>.md` as the current language shows them: {English key: heading}."""
    return {key: shown for key, shown, _text in _split(name, language())}


def title(name: str) -> str:
    """The title of `content/<name>.md` in the current language: its first line, a '# ' heading."""
    return read(name).splitlines()[0].removeprefix("# ").strip()


def reference_entries() -> dict[int, tuple[str, str]]:
    """The reference list (content/history/sources.md), entry by entry, in the current language: {n: (title,
    details)}."""
    entries = {}
    shown = headings("history/sources")
    for key, text in sections("history/sources").items():
        if match := _ENTRY.fullmatch(key):
            own = _ENTRY.fullmatch(shown[key])
            entries[int(match[1])] = (own[2] if own else match[2], text)
    return entries


def cited(markdown: str) -> list[int]:
    """The reference numbers a text cites, such as [1][4]: each once, smallest first."""
    numbers = [int(n) for n in re.findall(r"(?<!\\)\[(\d{1,2})\](?!\()", markdown)]
    return sorted(set(numbers))


def _headings_of(text: str) -> list[str]:
    return [heading.strip() for heading in _HEADING.findall(text)]


@cache
def _same_shape(name: str, code: str) -> bool:
    """Whether language `code`'s file of `name` has the English file's sections: as many, in the same order, each
    key heading kept and each reference entry's number kept (else the English is read, and the log says why)."""
    english = _headings_of(file_text(name, SOURCE))
    own = _headings_of((CONTENT / code / f"{name}.md").read_text(encoding="utf-8"))
    fits = len(own) == len(english) and all(
        here == there if re.fullmatch(r"[a-z0-9_]+", there)
        else not _ENTRY.fullmatch(there) or here.split("]")[0] == there.split("]")[0]
        for here, there in zip(own, english, strict=False))
    if not fits:
        LOG.warning("content/%s/%s.md does not have the sections of content/%s.md: the English is shown",
                    code, name, name)
    return fits
