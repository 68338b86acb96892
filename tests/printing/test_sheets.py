"""What every sheet shares: it opens in a PDF reader, on the paper asked for, with its fonts inside it, and the
printing package stays on the engine side (no Streamlit)."""

import re
import subprocess
import sys

import pytest

from quitlok import KVITLACH, QUITLOK
from quitlok.printing import (
    PAPERS,
    PrintingError,
    UnknownLessonPlan,
    UnknownPack,
    UnknownPaper,
    glossary_pdf,
    lesson_plan_pdf,
    pack_pdf,
    rules_sheet_pdf,
    worksheet_pdf,
    worksheet_questions,
)
from quitlok.printing.markdown import ListBlock, Paragraph, Table, blocks, inline, plain
from tests.conftest import ROOT
from tests.printing import poppler


def test_every_sheet_opens_on_its_paper_with_every_font_embedded(every_sheet):
    assert len(every_sheet) == 18
    for name, (paper, pdf) in every_sheet.items():
        count = poppler.pages(pdf)
        for page in range(1, count + 1):
            assert poppler.page_size(pdf, page) == pytest.approx(poppler.PAGE_SIZES[paper], abs=0.01), (name, page)
        used = poppler.fonts(pdf)
        assert used and all(embedded for _, embedded in used), (name, used)
        assert {font.split("+")[-1] for font, _ in used} <= {"DejaVuSansBook", "DejaVuSansBold", "DejaVuSansOblique",
                                                             "DejaVuSerifBook", "DejaVuSerifBold"}, name


def test_every_sheet_names_itself_and_the_app():
    fields = poppler.info(rules_sheet_pdf(QUITLOK))
    assert fields["Title"].strip() == "Kvitlach: the rules at a glance (Quitlok)"
    assert fields["Author"].strip() == "Quitlok"


@pytest.mark.parametrize("make", [pack_pdf.__name__, glossary_pdf.__name__, lesson_plan_pdf.__name__,
                                  rules_sheet_pdf.__name__, worksheet_pdf.__name__])
def test_an_unknown_paper_is_refused_before_anything_is_drawn(make):
    calls = {"pack_pdf": lambda: pack_pdf(2, "A5"), "glossary_pdf": lambda: glossary_pdf("A5"),
             "lesson_plan_pdf": lambda: lesson_plan_pdf(45, "A5"),
             "rules_sheet_pdf": lambda: rules_sheet_pdf(QUITLOK, "A5"),
             "worksheet_pdf": lambda: worksheet_pdf(7, QUITLOK, "A5")}
    with pytest.raises(UnknownPaper, match="A4 or US Letter, not 'A5'"):
        calls[make]()
    assert set(PAPERS) == {"A4", "US Letter"}


def test_an_unknown_pack_or_plan_is_refused_with_a_message_for_people():
    for copies in (0, 1, 3, 24, "2", None):
        with pytest.raises(UnknownPack, match="24 or 48 cards"):
            pack_pdf(copies)
    for minutes in (30, 60, "45", True, None):
        with pytest.raises(UnknownLessonPlan, match="45 and 90 minutes"):
            lesson_plan_pdf(minutes)
    assert issubclass(UnknownPack, PrintingError) and issubclass(PrintingError, ValueError)


def test_the_printing_package_never_imports_streamlit():
    code = "import sys, quitlok.printing, quitlok.cards_svg; assert 'streamlit' not in sys.modules, 'streamlit'"
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr


def test_the_fonts_travel_with_their_licence():
    fonts = ROOT / "quitlok" / "printing" / "fonts"
    assert {p.name for p in fonts.glob("*.ttf")} == {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf",
                                                     "DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf"}
    licence = (fonts / "LICENSE").read_text()
    assert "Bitstream" in licence and "Permission is hereby granted" in licence


def test_our_markdown_reads_as_the_app_shows_it():
    found = blocks("Intro *with* **bold**\nand more.\n\n- one\n  two\n- three\n\n| a | b |\n|---|---|\n| 1 | 2 |")
    assert found == [Paragraph("Intro *with* **bold** and more."), ListBlock(("one two", "three"), False),
                     Table(("a", "b"), (("1", "2"),))]
    assert inline("a *word*, **strong**, \\$2, \\[3\\], a [link](https://x.org) -- and __x__") == (
        "a __word__, **strong**, $2, [3], a link \\-- and \\__x\\__")
    assert inline("\u2067קוויטל\u2069") == "קוויטל"  # the bidi isolates are left to fpdf2's own bidi algorithm
    assert plain("*kvitl*, **21**") == "kvitl, 21"


def test_a_young_classs_worksheet_asks_the_same_questions_with_chances_in_words():
    for seed in (4821, 17, 99):
        for rules in (QUITLOK, KVITLACH):
            usual, young = worksheet_questions(seed, rules), worksheet_questions(seed, rules, young=True)
            assert [q.prompt for q in usual] == [q.prompt for q in young]
            assert [q.answer for q in usual] == [q.answer for q in young]
            said = " ".join(" ".join(q.options) + q.explanation for q in young)
            assert "%" not in said
    odds = [q for q in worksheet_questions(4821, KVITLACH, young=True) if q.topic == "Odds"]
    assert odds and all(re.search(r"\d+ in \d+", o) for q in odds for o in q.options)
    text = poppler.flat(poppler.text(worksheet_pdf(4821, KVITLACH, "A4", young=True)))
    assert "for a young class" in text and "%" not in text.split("Made under the house rules")[0]
