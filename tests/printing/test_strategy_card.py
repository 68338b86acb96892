"""The strategy cards (issue 27, item 5): Kvitlach's player and banker at their best, every figure from the shipped
equilibrium."""

from dataclasses import replace

import numpy as np
import pytest

from quitlok import equilibrium
from quitlok.printing import strategy_card_pdf
from quitlok.printing.strategy_card import banker_rows, how_often, player_rows
from quitlok.solve import shipped_path
from tests.printing import poppler
from tests.printing.conftest import PAPERS


@pytest.fixture(scope="module")
def cards() -> dict[str, bytes]:
    return {paper: strategy_card_pdf(paper) for paper in PAPERS}


@pytest.mark.parametrize("paper", PAPERS)
def test_the_cards_are_one_page_with_the_shipped_value(cards, paper):
    pdf = cards[paper]
    assert poppler.pages(pdf) == 1
    assert poppler.page_size(pdf) == pytest.approx(poppler.PAGE_SIZES[paper], abs=0.01)
    words = poppler.flat(poppler.text(pdf))
    with np.load(shipped_path("kvitlach")) as data:
        value = float(data["value"])
    assert poppler.flat(f"the player has the edge, {100 * value:+.2f} chips per 100 hands") in words
    for phrase in ("The player at his best", "The banker at his best", "Stand on 17", "took 1 card"):
        assert poppler.flat(phrase) in words, phrase


def test_the_bets_are_the_shipped_players():
    """Each first card's bet is the shipped strategy's, read through the solver's own lookup."""
    solution = equilibrium.shipped_solution("kvitlach")
    card = equilibrium.strategy_card("kvitlach")
    for rank, p in card.bets:
        assert p == solution.player_strategy((), [rank])["bet"]
    assert [rank for rank, p in card.bets if p >= 0.5] == [2, 11, 12]


def test_the_banker_rows_follow_the_shipped_banker(monkeypatch):
    """The card reads the shipped strategies: a banker who always stood would print 'always' everywhere, and the
    shipped one, who mixes after a player took one card (6 + 12, docs/solving.md), does not."""
    shipped = equilibrium.shipped_solution("kvitlach")
    card = equilibrium.strategy_card("kvitlach")
    one_card = next(row[1:] for row in banker_rows(card) if row[0] == "took 1 card")
    assert one_card[0].endswith("% of the time") and one_card[2] == "always"
    stands = dict(card.stands)["took 1 card"]
    mixed = shipped.banker_strategy(("bet", "draw", "stay"), (6, 12))
    assert 0.02 < mixed < 0.98
    assert 0.02 < stands[0] < 0.98, "on 17 he mixes, summed over his cards too"
    standing = replace(shipped, banker=np.ones_like(shipped.banker))
    monkeypatch.setattr(equilibrium, "shipped_solution", lambda name="kvitlach": standing)
    always = equilibrium.strategy_card("kvitlach")
    assert all(how_often(p) in ("always", "-") for _, chances in always.stands for p in chances)
    assert always.bets == card.bets, "the player's half is the player's strategy alone"


def test_the_players_totals():
    rows = dict(player_rows(equilibrium.strategy_card("kvitlach")))
    assert rows["2 to 13"] == "always" and rows["19 to 20"] == "never"
    assert how_often(0.371) == "37% of the time" and how_often(None) == "-"


# --- Quitlok's cards (24 cards): from the summary shipped beside its strategies ---------------------------------


@pytest.fixture(scope="module")
def quitlok_cards() -> dict[str, bytes]:
    return {paper: strategy_card_pdf(paper, "quitlok") for paper in PAPERS}


@pytest.mark.parametrize("paper", PAPERS)
def test_quitlok_s_cards_are_a_page_a_role_with_the_shipped_value(quitlok_cards, paper):
    pdf = quitlok_cards[paper]
    assert poppler.pages(pdf) == 2
    assert poppler.page_size(pdf) == pytest.approx(poppler.PAGE_SIZES[paper], abs=0.01)
    with np.load(shipped_path("quitlok")) as data:
        value = float(data["value"])
    player, banker = (poppler.flat(poppler.text(pdf, first=page, last=page)) for page in (1, 2))
    assert poppler.flat(f"the player has the edge, {100 * value:+.2f} chips per 100 hands") in player
    for phrase in ("The player at his best", "Take a blot", "Stay out", "With your chip bet"):
        assert poppler.flat(phrase) in player, phrase
    for phrase in ("The banker at his best", "Stand on 17", "0 blots", "3 blots or more"):
        assert poppler.flat(phrase) in banker, phrase


def test_quitlok_s_rows_are_the_shipped_summary_s(monkeypatch):
    """Every row comes from quitlok/data/quitlok_card.json (tests/solve/test_at_best_quitlok.py works it out again
    from the strategies): a summary where the banker always stood would print 'always' everywhere."""
    from quitlok.printing import strategy_card as printed
    card = equilibrium.shipped_quitlok_card()
    assert card.value == pytest.approx(float(np.load(shipped_path("quitlok"))["value"]), abs=1e-12)
    rows = printed.quitlok_banker_rows(card)
    assert [row[0] for row in rows] == ["0 blots", "1 blot", "2 blots", "3 blots or more"]
    assert [row[1:] for row in rows] == [tuple(how_often(p) for p in chances) for _, chances in card.stands]
    assert any(cell.endswith("% of the time") for row in rows for cell in row[1:]), "he mixes somewhere"
    before = printed.quitlok_player_rows(card)
    assert sum(1 + (int(r[0].split()[-1]) - int(r[0].split()[0]) if " " in r[0] else 0) for r in before) == \
        len(card.before)
    standing = replace(card, stands=tuple((b, tuple(1.0 for _ in c)) for b, c in card.stands))
    monkeypatch.setattr(printed, "shipped_quitlok_card", lambda: standing)
    pdf = strategy_card_pdf("A4", "quitlok")
    banker = poppler.flat(poppler.text(pdf, first=2, last=2))
    assert "% of the time" not in banker.split("3 blots or more")[0].split("0 blots")[1]
    assert "% of the time" not in banker.split("3 blots or more")[1].split("Where he stands")[0]


def test_only_the_two_traditions_have_cards():
    from quitlok.errors import InvalidSetup
    with pytest.raises(InvalidSetup):
        strategy_card_pdf("A4", "blackjack")
