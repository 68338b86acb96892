"""A translated content file (`content/<language>/<name>.md`) keeps the English file's shape, so that the app
reads it exactly as it reads the English one (issue 26): the same sections in the same order, a key heading
(`## try`, `## not_found`: lowercase, digits and underscores) unchanged and a heading people read (`## The pack`,
`## [7] Rudi von Leyden, ...`) translated in its place, the same check questions with the same right answers,
the same citations, links and {placeholders}. A language may translate file by file: a file it lacks is read in
English."""

import re
from pathlib import Path

import pytest

from quitlok.i18n import LANGUAGES, SOURCE

CONTENT = Path(__file__).resolve().parents[2] / "content"
KEY = re.compile(r"[a-z0-9_]+")
CITATION = re.compile(r"(?<!\\)\[(\d{1,2})\](?!\()")
LINK = re.compile(r"\]\(([^)\s]+)\)")
PLACEHOLDER = re.compile(r"\{(\w*)\}")
OPTION = re.compile(r"^- \[([ x])\] ", re.MULTILINE)


#: a language's own files, with no English original: the glossary of the game's terms for its translators
OWN = ("terms.md",)


def _translated() -> list[tuple[str, Path]]:
    return [(code, path) for code in LANGUAGES if code != SOURCE
            for path in sorted((CONTENT / code).rglob("*.md")) if str(path.relative_to(CONTENT / code)) not in OWN]


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != SOURCE and (CONTENT / code).is_dir()])
def test_a_language_s_glossary_of_terms_holds_a_table_of_the_game_s_terms(code):
    text = (CONTENT / code / "terms.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("|") and not set(line) <= set("|-: ")]
    english = {row.split("|")[1].strip().strip("*").lower() for row in rows}
    for term in ("banker", "stake", "blot", "bust"):
        assert any(term in cell for cell in english), f"{code}/terms.md has no row for {term!r}"


def _headings(text: str) -> list[str]:
    return [h.strip() for h in re.findall(r"^## +(.+)$", text, flags=re.MULTILINE)]


def _sections(text: str) -> list[str]:
    return re.split(r"^## +.+$", text, flags=re.MULTILINE)


def test_the_language_folders_are_languages_of_the_app():
    folders = {p.name for p in CONTENT.iterdir() if p.is_dir() and len(p.name) == 2}
    assert folders <= set(LANGUAGES) - {SOURCE}


@pytest.mark.parametrize(("code", "path"), _translated(), ids=lambda v: str(v).split("content/")[-1])
def test_a_translated_file_keeps_the_english_file_s_shape(code, path):
    name = path.relative_to(CONTENT / code)
    original = CONTENT / name
    assert original.exists(), f"{path} translates no English file (content/{name} is missing)"
    english, translated = original.read_text(encoding="utf-8"), path.read_text(encoding="utf-8")
    assert translated.startswith("# ") == english.startswith("# ")
    mine, theirs = _headings(translated), _headings(english)
    assert len(mine) == len(theirs), f"sections {mine} in place of {theirs}"
    for here, there in zip(mine, theirs, strict=True):
        if KEY.fullmatch(there):
            assert here == there, f"the key heading '## {there}' was changed to '## {here}'"
        elif re.match(r"\[\d+\]", there):
            assert here.split("]")[0] == there.split("]")[0], f"'## {here}' is not reference {there.split(']')[0]}]"
    for here, there in zip(_sections(translated), _sections(english), strict=True):
        assert OPTION.findall(here) == OPTION.findall(there), "check question's options or right answers differ"
        assert sorted(set(CITATION.findall(here))) == sorted(set(CITATION.findall(there))), "citations differ"
        assert sorted(LINK.findall(here)) == sorted(LINK.findall(there)), "links differ"
        assert set(PLACEHOLDER.findall(here)) == set(PLACEHOLDER.findall(there)), "{placeholders} differ"
