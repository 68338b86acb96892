"""quitlok.content reads the current language's file (content/<language>/<name>.md), falls back to English file
by file, keys sections by the English headings, shows the language's headings, and keeps what it read per
language; the pseudo-language's content is the English made pseudo."""

import pytest

from quitlok import content
from quitlok.i18n import PSEUDO, pseudo, use
from quitlok.ui import words

ENGLISH = """# The pack

Intro.

## body
Two of each number [7].

## The pack
Twenty-four cards.

## check
How many cards?
- [x] 24 :: Right.
- [ ] 48 :: That is two packs.
"""
HEBREW = """# החפיסה

מבוא.

## body
שניים מכל מספר [7].

## החפיסה
עשרים וארבעה קלפים.

## check
כמה קלפים?
- [x] 24 :: נכון.
- [ ] 48 :: אלה שתי חפיסות.
"""


@pytest.fixture
def files(tmp_path, monkeypatch):
    """A content folder of the test's own: lessons/pack in English and in Hebrew, rules/aim in English only."""
    (tmp_path / "lessons").mkdir()
    (tmp_path / "he" / "lessons").mkdir(parents=True)
    (tmp_path / "rules").mkdir()
    (tmp_path / "lessons" / "pack.md").write_text(ENGLISH, encoding="utf-8")
    (tmp_path / "he" / "lessons" / "pack.md").write_text(HEBREW, encoding="utf-8")
    (tmp_path / "rules" / "aim.md").write_text("# The aim\n\n## body\nGet 21.\n", encoding="utf-8")
    monkeypatch.setattr(content, "CONTENT", tmp_path)
    clear()
    yield tmp_path
    clear()


def clear():
    for cached in (content.file_text, content._same_shape, words.content_sections, words.lesson_words):
        cached.cache_clear()


def test_a_language_reads_its_own_file_keyed_by_the_english_headings(files):
    with use("he"):
        assert content.title("lessons/pack") == "החפיסה"
        assert list(content.sections("lessons/pack")) == ["body", "The pack", "check"]
        assert content.sections("lessons/pack")["The pack"] == "עשרים וארבעה קלפים."
        assert content.headings("lessons/pack") == {"body": "body", "The pack": "החפיסה", "check": "check"}
        assert content.cited(content.sections("lessons/pack")["body"]) == [7]
    assert content.headings("lessons/pack")["The pack"] == "The pack"
    assert content.sections("lessons/pack")["The pack"] == "Twenty-four cards."


def test_a_file_the_language_lacks_is_read_in_english(files):
    with use("he"):
        assert content.title("rules/aim") == "The aim" and content.sections("rules/aim") == {"body": "Get 21."}
    with use("cs"):
        assert content.title("lessons/pack") == "The pack"


def test_a_translation_whose_sections_differ_is_not_used(files, caplog):
    (files / "he" / "lessons" / "pack.md").write_text(HEBREW.replace("## check", "## בדיקה"), encoding="utf-8")
    with use("he"):
        assert content.title("lessons/pack") == "The pack"
    assert "does not have the sections" in caplog.text


def test_what_was_read_is_kept_per_language(files):
    """The pages' caches (quitlok.ui.words) hold each language apart: English read first does not stay."""
    assert words.content_sections("lessons/pack")["The pack"] == "Twenty-four cards."
    assert words.lesson_words("pack")[2].options == ("24", "48")
    with use("he"):
        assert words.content_sections("lessons/pack")["The pack"] == "עשרים וארבעה קלפים."
        title, _sections, check = words.lesson_words("pack")
        assert title == "החפיסה" and check.feedback == ("נכון.", "אלה שתי חפיסות.") and check.answer == 0
    assert words.content_sections("lessons/pack")["The pack"] == "Twenty-four cards."


def test_the_pseudo_language_is_the_english_made_pseudo(files):
    with use(PSEUDO):
        assert content.read("lessons/pack") == pseudo(ENGLISH)
        assert content.headings("lessons/pack")["The pack"] == pseudo("The pack")
        assert content.sections("lessons/pack")["body"] == pseudo("Two of each number [7].")
        title, _sections, check = words.lesson_words("pack")  # a check question still reads as one
        assert check.answer == 0 and check.options == ("24", "48") and check.feedback[0] == pseudo("Right.")


def test_the_reference_list_shows_the_language_s_titles():
    clear()
    with use(PSEUDO):
        entries = content.reference_entries()
    assert entries and all(title == pseudo(english[0]) for (title, _), english in
                           zip(entries.values(), content.reference_entries().values(), strict=True))
    clear()


def test_cited_references_still_link_in_the_pseudo_language():
    clear()
    with use(PSEUDO):
        body = words.content_sections("history/origins")["body"]
        assert content.cited(body) and "](sources#source-" in words.link_citations(body)
    clear()
