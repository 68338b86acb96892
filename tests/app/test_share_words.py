"""One set of rules in words: the Kvitlach share is said one way on every screen, sheet and lesson.

SPEC section 2 decides it: each other player adds half of what THIS banker actually staked, rounded down.
The app's one wording is `quitlok.rules.SHARE_WORDS`; any sentence for people that speaks of half of a bank
or a stake must say it so (not "half the bank", "half the banker's stake", "half of it", "half as much").
"""

import ast
import re

import pytest

from quitlok import KVITLACH
from quitlok.i18n import LANGUAGES
from quitlok.printing import rules_sheet_pdf
from quitlok.rules import SHARE_WORDS, rule_summary, share_words
from tests.app.conftest import open_page, single_rules, texts
from tests.conftest import ROOT
from tests.printing import poppler

_HALF = re.compile(r"\bhalf\b(?!-way)", re.I)
_BANK_WORDS = re.compile(r"\b(bank|stake|staked|share|adds|puts in)\b", re.I)
#: krajíc, "half a slice?", is asking the banker to forgive half of a lost stake: table talk, not the share
_NOT_THE_SHARE = re.compile(r"slice|krajíc", re.I)


def _about_share(text: str) -> bool:
    """Whether a sentence speaks of half of a bank, a stake or a share."""
    return bool(_HALF.search(text) and _BANK_WORDS.search(text) and not _NOT_THE_SHARE.search(text))


def _plain(text: str) -> str:
    """Markdown's emphasis and line breaks removed, spaces made single, so a phrase can be found whole."""
    return " ".join(re.sub(r"[*_]", "", text).split())


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.;:!?])\s+(?=[A-Z(])|\n\s*\n|\n- |\n\|", _plain_lines(text)) if s.strip()]


def _plain_lines(text: str) -> str:
    # keep paragraph breaks and list items apart, join the lines within them
    text = re.sub(r"[*_]", "", text)
    return re.sub(r"(?<!\n)\n(?!\n|- |\|)", " ", text)


def _people_strings() -> list[tuple[str, str]]:
    """Every string literal in the app's Python that is not a docstring: what pages and sheets may show."""
    found = []
    for folder in ("quitlok", "pages"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                          if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef)
                          and node.body and isinstance(node.body[0], ast.Expr)
                          and isinstance(node.body[0].value, ast.Constant)}
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                    found.append((f"{path.relative_to(ROOT)}:{node.lineno}", node.value))
    return found


def test_every_content_sentence_about_the_share_says_it_one_way():
    said = []
    for path in sorted((ROOT / "content").rglob("*.md")):
        if path.relative_to(ROOT / "content").parts[0] in LANGUAGES:
            continue  # a translation says it in its own language, after the English (tests/i18n)
        for sentence in _sentences(path.read_text(encoding="utf-8")):
            if _about_share(sentence):
                said.append(path.name)
                assert SHARE_WORDS in _plain(sentence).lower(), (path.relative_to(ROOT), sentence)
    # the places that teach it: a lesson, the rules, the variants, the glossary, the lesson plans, the table
    assert {"12_kvitlach.md", "summary.md", "variants.md", "glossary.md", "lesson_45.md", "lesson_90.md",
            "help.md"} <= set(said)


def test_no_string_the_app_shows_words_the_share_another_way():
    about = [(where, s) for where, s in _people_strings() if _about_share(s)]
    assert about, "the wording itself should have been found"
    for where, text in about:
        assert SHARE_WORDS in _plain(text).lower() or "bank_share" in text, (where, text)


def test_the_rule_summary_and_sheet_say_the_same_words():
    label, value = dict(rule_summary(KVITLACH)), share_words(KVITLACH)
    assert value == SHARE_WORDS and SHARE_WORDS in label["Opening bank"]
    sheet = poppler.flat(poppler.text(rules_sheet_pdf(KVITLACH)))
    assert poppler.flat(SHARE_WORDS) in sheet.lower()


@pytest.mark.parametrize("page", ["pages/rules.py", "pages/variants.py", "pages/glossary.py"])
def test_the_screens_and_the_sidebar_say_the_same_words(app, page):
    app.sidebar.selectbox(key="rules.preset").set_value("Kvitlach").run()
    toggle = single_rules(app).toggle(key="rules.fund")
    assert toggle.label.lower() == SHARE_WORDS and toggle.value is True
    shown = _plain(texts(open_page(app, page)) + " " + " ".join(
        str(v) for table in app.table for v in table.value.to_numpy().ravel()))
    assert SHARE_WORDS in shown.lower(), page
    for other in ("half the bank", "half the banker's stake", "half of it", "half as much", "half from each"):
        assert other not in shown.lower(), (page, other)
