"""Printed sheets in the language asked for: a sheet made under `use(language)` has every word of its own in that
language (read back from the PDF with poppler's pdftotext, as a reader's PDF viewer would), and its PDF says
which language it is in; in English the sheets are as they were."""

import re
from fractions import Fraction

import pytest

from quitlok import KVITLACH, QUITLOK, content
from quitlok.i18n import PSEUDO, SOURCE, language, pseudo, use
from quitlok.printing import (
    InvalidSeed,
    UnknownLessonPlan,
    UnknownPack,
    UnknownPaper,
    UnknownTradition,
    glossary_pdf,
    lesson_plan_pdf,
    pack_pdf,
    parse_seed,
    pupil_rules_pdf,
    rules_sheet_pdf,
    strategy_card_pdf,
    worksheet_pdf,
)
from quitlok.printing.strategy_card import how_often
from quitlok.rules import rule_summary
from tests.i18n.english_left import NAMES, english_left, others_words
from tests.printing.poppler import text

SHEETS = {
    "pack": lambda: pack_pdf(2),
    "glossary": lambda: glossary_pdf(),
    "lesson_plan": lambda: lesson_plan_pdf(45, "US Letter"),
    "pupils": lambda: pupil_rules_pdf("Kvitlach"),
    "rules": lambda: rules_sheet_pdf(KVITLACH, max_bet=3),
    "strategy_card": lambda: strategy_card_pdf(),
    "worksheet": lambda: worksheet_pdf(4242, QUITLOK),
    "young_worksheet": lambda: worksheet_pdf(99, KVITLACH, young=True),
}
#: names a sheet prints as they are: the pack's, the app's and the paper's
SHEET_NAMES = NAMES | {"Quitli"}


def _runs(texts) -> frozenset[str]:
    return frozenset(run for t in texts for run in re.findall(r"[A-Za-z]{3,}", t))


def words_of_others() -> frozenset[str]:
    """Plain-letter runs that other modules still give under PSEUDO: the house rules' table
    (quitlok.rules.rule_summary), the cards' names and the chances in words. Asked afresh, so the allowance
    disappears once those modules translate."""
    with use(PSEUDO):
        rows = [cell for rules in (QUITLOK, KVITLACH) for max_bet in (None, 3)
                for row in rule_summary(rules, max_bet) for cell in row]
    return others_words() | _runs(rows)


@pytest.fixture
def content_in_pseudo(monkeypatch):
    """The content files in the pseudo-language, as quitlok.content reads them once it knows languages (issue 26,
    the machinery's part: sections keyed by the English headings, the text translated): until then, the English
    files' every letter accented here, so that what this test finds is the sheets' own words. Returns the words
    of the headings that a sheet still shows from the English keys (none once content has `headings`)."""
    with use(PSEUDO):
        translated = not english_left(content.read("rules/sources"))
    if translated:
        return frozenset()
    read, sections, title, entries = content.read, content.sections, content.title, content.reference_entries

    def english(function):
        def in_english(*args):
            with use(SOURCE):
                return function(*args)
        return in_english

    def pseudo_sections(name):
        return {key: pseudo(text) for key, text in english(sections)(name).items()}

    monkeypatch.setattr(content, "read", lambda name: pseudo(read(name)) if language() == PSEUDO else read(name))
    monkeypatch.setattr(content, "sections", pseudo_sections)
    monkeypatch.setattr(content, "title", lambda name: pseudo(english(title)(name)))
    monkeypatch.setattr(content, "reference_entries", lambda: {
        n: (pseudo(t), pseudo(d)) for n, (t, d) in english(entries)().items()})
    if hasattr(content, "headings"):
        return frozenset()
    return _runs(key for name in ("rules/summary", "teachers/pupils_quitlok", "teachers/pupils_kvitlach")
                 for key in sections(name))


@pytest.mark.parametrize("sheet", SHEETS)
def test_a_sheet_made_in_a_language_holds_no_english_of_its_own(sheet, content_in_pseudo):
    with use(PSEUDO):
        pdf = SHEETS[sheet]()
    words = re.sub(r"(https?://|www\.)\S+", "", text(pdf))  # addresses stay as they are
    left = english_left(words, names=SHEET_NAMES, allowed=words_of_others() | content_in_pseudo)
    assert not left, left
    assert f"/Lang ({PSEUDO})".encode() in pdf  # a screen reader reads it in the sheet's language


def test_english_sheets_say_what_they_said():
    words = text(worksheet_pdf(4242, QUITLOK))
    assert "Kvitlach worksheet 4242\nTen questions from real games, under the house rules Quitlok." in words
    assert "Answer key: worksheet 4242" in words and "page 1 of 3" in words
    assert b"/Lang (en)" in pack_pdf(2)


def test_how_often_is_said_in_the_language():
    with use(PSEUDO):
        said = [how_often(p) for p in (0.0, 0.37, 1.0)]
    assert said == ["ƞḗṽḗř", "37% ǿƒ ŧħḗ ŧīḿḗ", "ȧŀẇȧẏş"]


def test_messages_for_bad_input_are_in_the_language():
    with use(PSEUDO):
        for call, error in ((lambda: pack_pdf(3), UnknownPack), (lambda: glossary_pdf("A5"), UnknownPaper),
                            (lambda: lesson_plan_pdf(60), UnknownLessonPlan),
                            (lambda: pupil_rules_pdf("Poker"), UnknownTradition),
                            (lambda: parse_seed("twelve"), InvalidSeed),
                            (lambda: parse_seed(Fraction(1, 2)), InvalidSeed),
                            (lambda: parse_seed(0), InvalidSeed)):
            with pytest.raises(error) as raised:
                call()
            message = str(raised.value)
            assert not english_left(message, allowed={"Poker", "twelve", "Fraction", "Letter"}), message
