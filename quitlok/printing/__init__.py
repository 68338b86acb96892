"""Printable sheets for teachers, as PDF: the pack, the rules, the glossary, a worksheet and lesson plans.

Pure Python (fpdf2, no Streamlit), like the rest of the engine: every function
here takes what its sheet depends on (the house rules, a paper size, a worksheet
number) and returns the PDF's bytes. Their words come from content/, the same
files the app's pages show, and their numbers and questions from the engine.
Bad input raises a `PrintingError` (a `ValueError`) whose message a page can
show as it is, before anything is drawn.

- `pack_pdf(copies, paper)`: the 24-card (copies=2) or 48-card (copies=4) pack, cut marks and all;
- `rules_sheet_pdf(rules, paper)`: the rules at a glance and the table's house rules, on one page;
- `glossary_pdf(paper)`: the glossary, with the Yiddish in Hebrew script, on one page;
- `worksheet_pdf(seed, rules, paper)`: ten questions made by the engine, and the answer key;
- `lesson_plan_pdf(minutes, paper)`: the 45- or 90-minute lesson plan;
- `pupil_rules_pdf(tradition, paper)`: the rules for pupils of Quitlok or Kvitlach, in large print;
- `strategy_card_pdf(paper)`: Kvitlach's player and banker at their best, from the shipped equilibrium.

The modules: `document` (the page every sheet starts from), `markdown` (our
content's Markdown as blocks), `content` (reading content/), `card_faces` (the
app's card SVG as PDF paths), one module per sheet, and `errors`.
"""

from quitlok.printing.document import PAPERS
from quitlok.printing.errors import (
    InvalidSeed,
    PrintingError,
    UnknownLessonPlan,
    UnknownPack,
    UnknownPaper,
    UnknownTradition,
    WorksheetUnavailable,
)
from quitlok.printing.glossary_sheet import glossary_pdf
from quitlok.printing.lesson_plans import LESSON_PLANS, lesson_plan_pdf
from quitlok.printing.pack import PACKS, pack_pdf
from quitlok.printing.pupil_sheet import TRADITIONS, pupil_rules_pdf
from quitlok.printing.rules_sheet import rules_sheet_pdf
from quitlok.printing.strategy_card import strategy_card_pdf
from quitlok.printing.worksheet import SEEDS, new_seed, parse_seed, worksheet_pdf, worksheet_questions

__all__ = [
    "LESSON_PLANS", "PACKS", "PAPERS", "SEEDS", "TRADITIONS", "InvalidSeed", "PrintingError", "UnknownLessonPlan",
    "UnknownPack", "UnknownPaper", "UnknownTradition", "WorksheetUnavailable", "glossary_pdf", "lesson_plan_pdf",
    "new_seed", "pack_pdf", "parse_seed", "pupil_rules_pdf", "rules_sheet_pdf", "strategy_card_pdf", "worksheet_pdf",
    "worksheet_questions",
]
