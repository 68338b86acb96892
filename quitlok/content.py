"""Words for people, read from `content/` (Markdown): the one reader of those files.

A file is `content/<name>.md`, split into sections at its '## key' headings.
The app's pages read them through quitlok.ui.words, the printed sheets
(quitlok.printing) straight from here, so a sheet and its page never say
different things. No Streamlit here: the printing side must not import it.
"""

import re
from functools import cache
from pathlib import Path

CONTENT = Path(__file__).resolve().parents[1] / "content"

_ENTRY = re.compile(r"\[(\d+)\] +(.+)")


@cache
def read(name: str) -> str:
    """The Markdown text of `content/<name>.md`."""
    return (CONTENT / f"{name}.md").read_text(encoding="utf-8")


def sections(name: str) -> dict[str, str]:
    """`content/<name>.md` split at its '## key' headings: {key: text} (a new dict on every call)."""
    parts = re.split(r"^## +(.+)$", read(name), flags=re.MULTILINE)
    return {key.strip(): text.strip() for key, text in zip(parts[1::2], parts[2::2], strict=True)}


def title(name: str) -> str:
    """The title of `content/<name>.md`: its first line, a '# ' heading."""
    return read(name).splitlines()[0].removeprefix("# ").strip()


def reference_entries() -> dict[int, tuple[str, str]]:
    """The reference list (content/history/sources.md), entry by entry: {n: (title, details)}."""
    entries = {}
    for key, text in sections("history/sources").items():
        if match := _ENTRY.fullmatch(key):
            entries[int(match[1])] = (match[2], text)
    return entries


def cited(markdown: str) -> list[int]:
    """The reference numbers a text cites, such as [1][4]: each once, smallest first."""
    numbers = [int(n) for n in re.findall(r"(?<!\\)\[(\d{1,2})\](?!\()", markdown)]
    return sorted(set(numbers))
