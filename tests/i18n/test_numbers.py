"""Numbers for the locale (quitlok.i18n.number, decimal, percent, with Babel), and the library's helpers that say
chances and counted things in the current language (quitlok.odds, quitlok.cards); English exactly as before."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as hs

from quitlok.cards import a_card, card_name, plural
from quitlok.i18n import PSEUDO, _, decimal, number, percent, pseudo, signed, use
from quitlok.odds import chance_words, young_chance_words
from quitlok.odds import percent as chance_percent
from quitlok.ui import advisor, lab_charts, style

NBSP = "\u00a0"


@pytest.mark.parametrize(("code", "twelve_and_a_half", "thousands", "two_places"), [
    ("en", "12.5%", "1,234", "12.50"), ("he", "12.5%", "1,234", "12.50"),
    ("cs", f"12,5{NBSP}%", f"1{NBSP}234", "12,50"), (PSEUDO, "12.5%", "1,234", "12.50")])
def test_numbers_in_each_language(code, twelve_and_a_half, thousands, two_places):
    with use(code):
        assert percent(0.125, 1) == twelve_and_a_half
        assert number(1234) == thousands
        assert decimal(12.5, 2) == two_places
        assert decimal(0.12, 2, signed=True).endswith("0.12" if code != "cs" else "0,12")


@given(hs.floats(0, 1), hs.integers(0, 3))
def test_english_percent_and_decimal_are_what_python_writes(x, digits):
    assert percent(x, digits) == f"{100 * x:.{digits}f}%"
    assert decimal(x, digits) == f"{x:.{digits}f}"
    assert decimal(x, digits, signed=True) == f"{x:+.{digits}f}"


@pytest.mark.parametrize("digits", [-1, 7, 1.5, True, "2"])
def test_digits_are_a_small_whole_number(digits):
    with pytest.raises(ValueError, match="digits"):
        percent(0.5, digits)


def test_the_odds_say_a_chance_in_the_current_language():
    assert chance_percent(Fraction(1, 11)) == "9.1%" and chance_words(Fraction(3, 10)) == "3 in 10 (30%)"
    with use("cs"):
        assert chance_percent(Fraction(1, 11)) == f"9,1{NBSP}%"
        assert chance_words(Fraction(3, 10)) == f"3 z 10 (30{NBSP}%)"  # the words: from the Czech catalog
    with use(PSEUDO):
        assert chance_words(Fraction(3, 10)) == pseudo("{k} in {n} ({percent})").format(k=3, n=10, percent="30%")
        assert chance_words(Fraction(1, 2), with_percent=False) == pseudo("{k} in {n}").format(k=1, n=2)
        assert chance_words(Fraction(0)) == pseudo("no chance ({percent})").format(percent="0%")
        assert young_chance_words(Fraction(1)) == pseudo("certain")
        assert young_chance_words(Fraction(1, 1000)) == pseudo("less than {k} in {n}").format(k=1, n=10)
        assert young_chance_words(Fraction(999, 1000)) == pseudo("more than {k} in {n}").format(k=9, n=10)
        assert young_chance_words(Fraction(34, 100)) == pseudo("about {k} in {n}").format(k=1, n=3)


@given(hs.fractions(0, 1, max_denominator=500), hs.booleans())
def test_no_chance_is_said_in_english_under_the_pseudo_language(p, with_percent):
    """Every chance's words go through the catalog: no run of plain letters is left in the pseudo-language."""
    with use(PSEUDO):
        words = chance_words(p, with_percent=with_percent) + " " + young_chance_words(p)
    assert not any(c.isascii() and c.isalpha() for c in words), words


def test_cards_and_counted_things_in_the_current_language():
    assert [plural(1, "card"), plural(2, "chip"), plural(3, "face-down card")] == ["1 card", "2 chips",
                                                                                  "3 face-down cards"]
    assert [a_card(7), a_card(8), a_card(11), card_name(2)] == ["a 7", "an 8", "a framed 11", "framed 2"]
    with use(PSEUDO):
        assert plural(1, "card") == pseudo("1 card") and plural(5, "student") == pseudo("5 students")
        assert a_card(8) == pseudo("an 8") and a_card(2) == pseudo("a framed 2") and a_card(5) == pseudo("a 5")
        assert card_name(11) == pseudo("framed 11") and card_name(5) == "5"
    assert plural(2, "spoon") == "2 spoons"  # a noun no catalog holds stays English


@pytest.mark.parametrize(("code", "minus", "plus"), [("en", "-", "+"), ("cs", "-", "+"),
                                                     ("he", "\u200e-", "\u200e+")])
def test_a_sign_stays_before_its_number_in_every_language(code, minus, plus):
    """Hebrew's minus (and plus) sign has a left-to-right mark before it, as the language writes it (CLDR): a bare
    '-' before digits in a right-to-left text is drawn after them ('0.24-'), the advisor's "worth -0.24 chips" read
    as "0.24- chips"."""
    with use(code):
        decimal_point = "," if code == "cs" else "."
        assert decimal(-0.24, 2) == f"{minus}0{decimal_point}24"
        assert signed(-0.237, 3) == f"{minus}0{decimal_point}237"
        assert signed(0.125, 2) == f"{plus}0{decimal_point}12"
        assert signed(-0.004, 2) == f"0{decimal_point}00", "never -0.00"
        assert percent(-0.5).startswith(minus)
        assert style.chips(-0.71) == _("{figure} chips").format(figure=f"{minus}0{decimal_point}71")
        assert advisor.signed(-0.237) == signed(-0.237, 3)
        assert lab_charts.chips_a_hand(-0.041) == f"{minus}0{decimal_point}041"


#: where a number is formatted by hand for no reader: a style's position (quitlok.ui.bars), a server's own log
#: lines (quitlok.ui.fair), a CSV cell for spreadsheets (quitlok.classroom), a count of seconds in a message's
#: values (quitlok.costly, said through the catalog)
BY_HAND = {"quitlok/ui/bars.py", "quitlok/ui/fair.py", "quitlok/classroom/report.py", "quitlok/classroom/store.py",
           "quitlok/costly.py", "quitlok/i18n.py"}


def test_numbers_shown_to_people_are_formatted_for_their_language():
    """A cost or a share formatted with Python's own format ('0.81', '15.3%') reads '0.81' in a Czech sentence
    that says '0,00' two words later: every such number goes through quitlok.i18n (decimal, percent, signed)."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    by_hand = re.compile(r"(?<!%)\{[^{}]*:[+ ]?\.?\d*[fe%]\}")  # (not Plotly's own templates, "%{x:.1%}")
    found = [f"{path.relative_to(root)}:{n}: {line.strip()}"
             for path in [*(root / "quitlok").rglob("*.py"), *(root / "pages").glob("*.py")]
             if str(path.relative_to(root)) not in BY_HAND
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if by_hand.search(line)]
    assert not found, "\n".join(found)
