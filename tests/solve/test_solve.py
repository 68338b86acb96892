"""quitlok.solve: the equilibrium of one hand against a banker who plays his best too (issue 27)."""

from fractions import Fraction

import numpy as np
import pytest

from quitlok import KVITLACH, QUITLOK
from quitlok.hand import hand_value
from quitlok.odds import player_edge
from quitlok.solve import Game, Tree, best_responses, load, solve, strategy_value
from tests.solve.explicit import Explicit

#: six cards, one each of 1-3 and 10-12: small enough to write the game out card by card
SMALL = (1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1)


def _policies(sol):
    def player(st, acts):
        return sol.player_strategy(st["key"], st["hidden"])

    def banker(key, cards):
        return Fraction(sol.banker_strategy(key, cards))

    return player, banker


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH], ids=["quitlok", "kvitlach"])
def test_small_game_checked_card_by_card(rules):
    """The solver's strategies, value and both best responses agree with the game written out card by card
    (the banker's card dealt before the player's turn, each side's information as at a table), and the pair
    is an equilibrium up to its small exploitability."""
    sol = solve(Game(rules, counts=SMALL), 100)
    player, banker = _policies(sol)
    ex = Explicit(rules, SMALL)
    assert float(ex.value(player, banker)) == pytest.approx(sol.value, abs=1e-9)
    assert float(ex.player_best(banker)) == pytest.approx(sol.player_best, abs=1e-9)
    assert float(ex.banker_best(player)) == pytest.approx(sol.banker_best, abs=1e-9)
    assert 0 <= sol.exploitability < 1e-2
    assert sol.banker_best - 1e-12 <= sol.value <= sol.player_best + 1e-12


def test_cfr_converges_on_a_small_game():
    """More iterations, smaller exploitability, down to 1e-6 on a small Quitlok game."""
    tree = Tree(Game(QUITLOK, counts=(1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1)))
    few = solve(tree, 20)
    many = solve(tree, 3000, target=1e-6, check_every=100)
    assert many.exploitability < few.exploitability
    assert many.exploitability <= 1e-6


@pytest.mark.xdist_group("kvitlach_tree")  # one worker builds the 48-card tree once (about 20 s)
@pytest.mark.parametrize("stands_on", [17, 18])
def test_player_best_response_matches_the_advisor(stands_on):
    """Against a banker standing on a fixed total (drawing below it), the player's exact best response in
    the solver's game equals quitlok.odds.player_edge, the advisor's own figure (Kvitlach, 48 cards)."""
    tree = _kvitlach_tree()
    stand = (tree.b_value >= stands_on).astype(float)
    banker = np.broadcast_to(stand, (tree.n_bank, tree.b_S))
    _, _, best = tree.evaluate(tree.uniform_player(), tree.bank_values(banker), best=True)
    assert best == pytest.approx(player_edge(KVITLACH, stands_on=stands_on), abs=1e-12)


def test_player_best_response_against_a_fixed_banker_quitlok():
    """Under Quitlok rules (blots, bets at any time), against a banker standing on 17, the solver's exact best
    response equals the one computed card by card (a small pack; the advisor prices only full packs)."""
    counts = (1, 1, 1, 0, 0, 0, 0, 0, 1, 1, 1, 0)
    tree = Tree(Game(QUITLOK, counts=counts))
    stand = (tree.b_value >= 17).astype(float)
    banker = np.broadcast_to(stand, (tree.n_bank, tree.b_S))
    _, _, best = tree.evaluate(tree.uniform_player(), tree.bank_values(banker), best=True)
    expected = Explicit(QUITLOK, counts).player_best(lambda key, cards: Fraction(int(_value(cards) >= 17)))
    assert best == pytest.approx(float(expected), abs=1e-12)


def _value(cards):
    return hand_value(cards, QUITLOK)


_TREES: dict = {}


def _kvitlach_tree() -> Tree:
    if "k" not in _TREES:
        _TREES["k"] = Tree(Game(KVITLACH))
    return _TREES["k"]


@pytest.mark.xdist_group("kvitlach_tree")
def test_shipped_kvitlach_equilibrium():
    """The strategies shipped in quitlok/data: both best responses recomputed against them here agree with
    the figures saved beside them, and the pair's exploitability is within the shipped bound."""
    from quitlok.solve import SHIPPED_EXPLOITABILITY, shipped_path
    path = shipped_path("kvitlach")
    sol = load(_kvitlach_tree(), path)
    with np.load(path) as saved:
        assert sol.player_best == pytest.approx(float(saved["player_best"]), abs=1e-9)
        assert sol.banker_best == pytest.approx(float(saved["banker_best"]), abs=1e-9)
    assert 0 <= sol.exploitability <= SHIPPED_EXPLOITABILITY["kvitlach"]
    assert sol.banker_best - 1e-9 <= sol.value <= sol.player_best + 1e-9
    br = best_responses(sol.tree, sol.player, sol.banker)
    assert strategy_value(sol.tree, sol.player, br["banker_response"]) == pytest.approx(sol.banker_best)
    # the banker at his best does no better against the player than this banker: the value is below the
    # player's edge against a banker standing on 17 (the nearest fixed model under Kvitlach's rules)
    assert sol.banker_best <= player_edge(KVITLACH, stands_on=17) + 1e-12
