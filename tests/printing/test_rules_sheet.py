"""The rules sheet: one page, the Rules page's own words, and the house rules in force, whatever they are."""

from dataclasses import replace
from fractions import Fraction

import pytest

from quitlok import KVITLACH, QUITLOK, content
from quitlok.printing import rules_sheet_pdf
from quitlok.printing.markdown import plain
from quitlok.rules import rule_summary
from tests.printing import poppler
from tests.printing.conftest import PAPERS

#: a table that changed single rules of a preset, as the sidebar lets it
HOUSE = replace(QUITLOK, name="Quitlok with house rules", twelve_values=(12, 10, 9), banker_must_reach=17,
                bank_share=Fraction(1, 2), agreed_max_bet=True)
TABLES = {"Quitlok": QUITLOK, "Kvitlach": KVITLACH, "house rules": HOUSE}


@pytest.fixture(scope="module")
def sheets() -> dict[tuple[str, str], bytes]:
    return {(name, paper): rules_sheet_pdf(rules, paper) for name, rules in TABLES.items() for paper in PAPERS}


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("table", TABLES)
def test_the_rules_in_force_are_on_one_page(sheets, table, paper):
    rules = TABLES[table]
    pdf = sheets[table, paper]
    assert poppler.pages(pdf) == 1
    words = poppler.flat(poppler.text(pdf))
    assert f"Your table: {rules.name}" in words
    for label, value in rule_summary(rules):
        assert f"{label} {value}" in words, (label, value)


def test_a_changed_house_rule_changes_the_sheet(sheets):
    quitlok, house = (poppler.flat(poppler.text(sheets[t, "A4"])) for t in ("Quitlok", "house rules"))
    assert "A 12 counts 12 or 9" in quitlok and "A 12 counts 12, 10 or 9" not in quitlok
    assert "A 12 counts 12, 10 or 9" in house and "A 12 counts 12 or 9 " not in house
    assert "Banker draws as he likes" in quitlok and "Banker draws until 17 at least" in house
    assert "Opening bank each other player adds half of what the banker staked, rounded down" in house
    assert "as your table plays it: Quitlok with house rules" in house


def test_a_known_maximum_bet_is_printed_in_chips():
    words = poppler.flat(poppler.text(rules_sheet_pdf(KVITLACH, max_bet=3)))
    assert "Maximum bet agreed before the game: 3 chips" in words


def test_the_words_are_the_rules_pages_own():
    """Every section of content/rules/summary.md, heading and text, and the sources line: nothing is retyped."""
    words = poppler.flat(poppler.text(rules_sheet_pdf(QUITLOK)))
    for heading, text in content.sections("rules/summary").items():
        assert heading in words
        for line in text.splitlines():
            line = plain(line.strip().removeprefix("- "))
            assert poppler.flat(line) in words, line
    assert poppler.flat(content.read("rules/sources")) in words
    assert "**" not in words and "\\$" not in words
