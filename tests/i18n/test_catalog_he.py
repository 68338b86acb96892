"""The Hebrew catalog keeps what the code and the page need of each English string: every translated entry has the
msgid's {placeholders}, Markdown links' addresses, HTML tags and :material/...: icons, no more and no fewer (a lost
placeholder leaves a number out of a sentence, an added one raises KeyError when the page formats it)."""

import re
from collections import Counter

import pytest
from babel.messages.pofile import read_po

from quitlok import i18n

PO = i18n.LOCALE_DIR / "he" / "LC_MESSAGES" / "quitlok.po"

PLACEHOLDER = re.compile(r"(?<!\{)\{[^{}]*\}(?!\})")
LINK = re.compile(r"\]\(([^)\s]+)\)")
TAG = re.compile(r"</?([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>")
ICON = re.compile(r":material/[a-z0-9_]+:")


def marks(text: str) -> dict[str, Counter]:
    """What of a string must survive translation, each kind counted."""
    return {
        "placeholders": Counter(PLACEHOLDER.findall(text)),
        "links": Counter(LINK.findall(text)),
        "tags": Counter(tag.lower() for tag in TAG.findall(text)),
        "icons": Counter(ICON.findall(text)),
    }


def mismatches(message) -> list[str]:
    """How each translated form of one catalog entry differs from its English, in words."""
    if isinstance(message.id, str):
        pairs = [(message.id, message.string)]
    else:
        singular, plural = message.id
        # Hebrew: form 0 is n == 1 (the singular's words), forms 1 and 2 (two, many) the plural's.
        pairs = [(singular if index == 0 else plural, form) for index, form in enumerate(message.string)]
    problems = []
    for english, hebrew in pairs:
        if not hebrew:
            continue
        want, got = marks(english), marks(hebrew)
        for kind in want:
            if want[kind] != got[kind]:
                problems.append(f"{english!r} -> {hebrew!r}: {kind} {dict(want[kind])} became {dict(got[kind])}")
    return problems


def catalog_problems(path=PO) -> list[str]:
    with path.open("rb") as file:
        catalog = read_po(file)
    return [problem for message in catalog if message.id for problem in mismatches(message)]


def test_every_translated_hebrew_entry_keeps_placeholders_links_tags_and_icons():
    problems = catalog_problems()
    assert not problems, "\n".join(problems)


def fuzzy_entries(path=PO) -> list[str]:
    """Translated entries still marked fuzzy: `pybabel compile` leaves them out, so the page shows the English."""
    with path.open("rb") as file:
        catalog = read_po(file)
    return [repr(m.id) for m in catalog if m.id and m.fuzzy]


def test_no_hebrew_entry_is_left_fuzzy():
    fuzzy = fuzzy_entries()
    assert not fuzzy, "marked fuzzy, so shown in English: " + ", ".join(fuzzy)


def test_a_fuzzy_entry_is_found(tmp_path):
    po = tmp_path / "quitlok.po"
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
                  '#, fuzzy\nmsgid "Class session"\nmsgstr "מפגש כיתה"\n', encoding="utf-8")
    assert fuzzy_entries(po) == ["'Class session'"]


def test_the_hebrew_catalog_has_translations_to_check():
    with PO.open("rb") as file:
        catalog = read_po(file)
    translated = [m for m in catalog if m.id and (m.string if isinstance(m.string, str) else any(m.string))]
    assert len(translated) >= 100


@pytest.mark.parametrize(
    "english, hebrew",
    [
        ("{name} bets {amount}", "{name} מהמר {סכום}"),  # a translated placeholder name
        ("{name} bets {amount}", "{name} מהמר"),  # a lost placeholder
        ("Bet {amount}", "להמר {amount} {name}"),  # an added placeholder
        ("See [the rules](/rules)", "ראו [את החוקים](/rulez)"),  # a changed address
        ("See [the rules](/rules)", "ראו את החוקים"),  # a lost link
        ("<b>{n}</b> cards", "<i>{n}</i> קלפים"),  # a changed tag
        (":material/undo: Undo", "ביטול"),  # a lost icon
    ],
)
def test_a_planted_mistake_is_found(english, hebrew, tmp_path):
    po = tmp_path / "quitlok.po"
    english_po = english.replace('"', '\\"')
    hebrew_po = hebrew.replace('"', '\\"')
    po.write_text(f'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
                  f'msgid "{english_po}"\nmsgstr "{hebrew_po}"\n', encoding="utf-8")
    assert catalog_problems(po)


def test_a_planted_mistake_in_a_plural_form_is_found(tmp_path):
    po = tmp_path / "quitlok.po"
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n'
                  '"Plural-Forms: nplurals=3; plural=(n == 1 ? 0 : n == 2 ? 1 : 2);\\n"\n\n'
                  'msgid "{n} card"\nmsgid_plural "{n} cards"\n'
                  'msgstr[0] "קלף {n}"\nmsgstr[1] "{n} קלפים"\nmsgstr[2] "{count} קלפים"\n', encoding="utf-8")
    problems = catalog_problems(po)
    assert len(problems) == 1 and "{count}" in problems[0]


def test_a_right_translation_passes(tmp_path):
    po = tmp_path / "quitlok.po"
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
                  'msgid "**{name}** bets {amount}. See [the rules](/rules)."\n'
                  'msgstr "**{name}** מהמר {amount}. ראו [את החוקים](/rules)."\n', encoding="utf-8")
    assert catalog_problems(po) == []
