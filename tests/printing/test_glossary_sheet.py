"""The glossary sheet: one page, every term of the Glossary page, and the Yiddish in Hebrew script, drawn right to
left in an embedded font."""

import pytest

from quitlok import content
from quitlok.printing.markdown import Table, blocks, plain
from tests.printing import poppler
from tests.printing.conftest import PAPERS

#: Yiddish words of the glossary without vowel points, whose letters are easy to compare
HEBREW = ("קוויטל", "קוויטלעך", "קליין")


def hebrew(text: str) -> bool:
    return any("\u0590" <= char <= "\u05ff" for char in text)


@pytest.mark.parametrize("paper", PAPERS)
def test_the_glossary_is_one_page_with_every_term(glossaries, paper):
    pdf = glossaries[paper]
    assert poppler.pages(pdf) == 1
    words = poppler.flat(poppler.text(pdf))
    table = next(b for b in blocks(content.sections("history/glossary")["body"]) if isinstance(b, Table))
    assert len(table.rows) >= 15
    for term, _, meaning, _ in table.rows:
        assert poppler.flat(plain(term)) in words, term
        assert poppler.flat(plain(meaning))[:40] in words, meaning


@pytest.mark.parametrize("paper", PAPERS)
def test_the_yiddish_is_in_hebrew_script_and_reads_right_to_left(glossaries, paper):
    """A reader's text extraction gives the words in reading order; the words as drawn, left to right on the
    page, come out letter-reversed: the proof that each word was laid out right to left."""
    pdf = glossaries[paper]
    in_order = poppler.text(pdf)
    drawn = [w.text for w in poppler.words(pdf) if hebrew(w.text)]
    assert len(drawn) >= 6
    for word in HEBREW:
        assert word in in_order, word
        assert any(word[::-1] in w for w in drawn), (word, drawn)
        assert not any(word in w for w in drawn), f"{word} was drawn left to right"
    assert "\u2067" not in in_order and "\u2069" not in in_order, "no invisible isolate marks in the copied text"


def test_the_hebrew_font_is_inside_the_pdf(glossaries):
    used = poppler.fonts(glossaries["A4"])
    assert ("MPDFAA+DejaVuSansBook", True) in used or any("DejaVuSans" in name and emb for name, emb in used)
