"""quitlok.equilibrium: the Lab's figures of the solved game (issue 27, item 3), read from the shipped data."""

import numpy as np
import pytest

from quitlok import KVITLACH, equilibrium
from quitlok.errors import InvalidSetup
from quitlok.lab import LabSetup, simulate
from quitlok.odds import player_edge
from quitlok.solve import best_responses, shipped_path, strategy_value


@pytest.fixture(scope="module")
def figures():
    return equilibrium.edge_at_best("kvitlach")


def test_the_value_is_the_shipped_strategies(figures):
    with np.load(shipped_path("kvitlach")) as data:
        assert figures.value == pytest.approx(float(data["value"]), abs=1e-12)
        assert figures.player_best == pytest.approx(float(data["player_best"]), abs=1e-12)
        assert figures.banker_best == pytest.approx(float(data["banker_best"]), abs=1e-12)
    assert 0 <= figures.exploitability <= 1e-6
    assert f"{100 * figures.value:+.2f}" == "+4.95"


def test_each_fixed_banker_gives_away_what_the_advisor_prices(figures):
    """The player's best against a banker on 17 or 18 in the solver's game is the advisor's exact edge, and more
    than the game's value: a fixed banker loses to his best response."""
    assert [m.stands_on for m in figures.models] == list(KVITLACH.banker_models)
    for m in figures.models:
        assert m.player_best == pytest.approx(float(player_edge(KVITLACH, stands_on=m.stands_on)), abs=1e-12)
        assert m.gives_away == pytest.approx(m.player_best - figures.value, abs=1e-15)
        assert m.gives_away > 0


@pytest.mark.parametrize("style", ["cautious", "bold"])
def test_a_computer_style_is_the_labs_player(figures, style):
    """The style as a strategy of the solver's game plays as the Lab's rule-of-thumb player (quitlok.lab, played
    card by card on shuffled packs): a million simulated hands against a banker on 17 land within four standard
    errors of its exact result."""
    exact = next(s for s in figures.styles if s.style == style)
    results = np.concatenate([b.results for b in simulate(LabSetup(rules=KVITLACH, player=style, stands_on=17),
                                                          1_000_000, seed=7)]).astype(float)
    error = results.std(ddof=1) / np.sqrt(len(results))
    assert abs(results.mean() - exact.against_17) < 4 * error
    assert exact.against_best_banker <= exact.against_17 + 1e-12, "the banker's best answer takes at least as much"


def test_best_play_is_the_advisors_against_a_banker_on_17(figures):
    best = next(s for s in figures.styles if s.style == "best")
    assert best.against_17 == pytest.approx(float(player_edge(KVITLACH, stands_on=17)), abs=1e-12)
    assert best.against_best_banker < figures.value, "read by a banker at his best, it gets less than the value"


def test_styles_are_whole_strategies_and_priced_by_the_solver():
    tree = equilibrium.shipped_solution("kvitlach").tree
    for style in equilibrium.STYLES:
        sigma = equilibrium.player_style(tree, style)
        assert np.all(np.add.reduceat(sigma, tree.row_start) == 1.0)
        on_17 = equilibrium.banker_stands_on(tree, 17)
        br = best_responses(tree, sigma, on_17)
        assert br["banker_best"] <= strategy_value(tree, sigma, on_17) + 1e-12
    with pytest.raises(InvalidSetup):
        equilibrium.player_style(tree, "reckless")
    with pytest.raises(InvalidSetup):
        equilibrium.banker_stands_on(tree, 22)


def test_mixed_positions_are_the_solvers(figures):
    """Each mixed position is one the solver lists, with its chance; the weightiest first."""
    listed = {(h, c): p for h, c, p in equilibrium.shipped_solution("kvitlach").mixed_banker_positions()}
    assert figures.mixed, "the banker mixes somewhere (docs/solving.md)"
    for m in figures.mixed:
        assert listed[(m.history, m.cards)] == m.stands
        assert equilibrium.MIXED_LOW < m.stands < equilibrium.MIXED_HIGH and m.total in (17, 18, 19)
    weights = [m.weight for m in figures.mixed]
    assert weights == sorted(weights, reverse=True)
    assert figures.mixed[0].history == ("bet", "draw", "stay") and figures.mixed[0].cards == (6, 12)


def test_history_words():
    assert equilibrium.history_words(("bet", "draw", "stay")) == "bet and took one more card, then stayed"
    assert equilibrium.history_words(("bet", "draw", "draw+aluvun", "11?", "reject", "stay")) == \
        "bet, took two more cards, called elvaroon and threw in an 11 face up, then stayed"
    assert equilibrium.within_words(9.7e-7) == "less than a millionth of a chip"


def test_start_figures_works_them_out_once_in_the_background(monkeypatch):
    """The page never waits: the figures are worked out in a thread, started once while under way, not again once
    stored, and again after a failure (which is not stored)."""
    import threading
    import time

    from quitlok.costly import SharedAnswers
    from quitlok.errors import Unavailable

    store = SharedAnswers("test figures", 2)
    release, calls = threading.Event(), []

    def slow(name):
        def compute():
            calls.append(name)
            release.wait(10)
            if len(calls) == 1:
                raise Unavailable("busy")
            return "figures"
        return store.answer(name, compute)

    monkeypatch.setattr(equilibrium, "FIGURES", store)
    monkeypatch.setattr(equilibrium, "lab_figures", slow)

    def settle():
        for _ in range(200):
            if "kvitlach" not in equilibrium._working:
                return
            time.sleep(0.02)
        raise AssertionError("the background work did not end")

    assert equilibrium.start_figures("kvitlach") is True
    assert equilibrium.start_figures("kvitlach") is False, "under way: not started twice"
    release.set()
    settle()
    assert not store.knows("kvitlach") and calls == ["kvitlach"], "a failure is not kept"
    assert equilibrium.start_figures("kvitlach") is True
    settle()
    assert store.knows("kvitlach") and store.answer("kvitlach", list) == "figures"
    assert equilibrium.start_figures("kvitlach") is False, "stored: nothing to start"


def test_the_app_lets_the_solution_go_once_its_figures_are_worked_out(monkeypatch):
    """A solution's tree holds about 700 MB: the Lab's figures and the strategy cards are worked out through
    `released`, which lets it go, so no worker process or server keeps it."""
    import quitlok.equilibrium as equilibrium

    monkeypatch.setattr(equilibrium, "load", lambda game, path: object())  # no need for the real one here
    equilibrium.shipped_solution.cache_clear()
    equilibrium.shipped_solution("kvitlach")
    assert equilibrium.shipped_solution.cache_info().currsize == 1, "loaded once a process while in use"
    assert equilibrium.released(equilibrium.shipped_solution, "kvitlach") is not None
    assert equilibrium.shipped_solution.cache_info().currsize == 0
    asked = []
    monkeypatch.setattr(equilibrium, "away", lambda function, *args: asked.append((function, args)) or "figures")
    monkeypatch.setattr(equilibrium, "FIGURES", equilibrium.SharedAnswers("test", 2))
    assert equilibrium.lab_figures("kvitlach") == "figures"
    assert asked == [(equilibrium.released, (equilibrium.edge_at_best, "kvitlach"))]


def test_quitlok_history_in_words():
    """A Quitlok history as the banker saw it: each blot's card in the order it came, the bet, aluvun, a thrown 11."""
    words = equilibrium.history_words(("blot", 5, "bet", "blot+aluvun", 11, "reject", 3, "stay"))
    assert words == ("took a blot: 5, bet with a face-down card, called aluvun and took a blot: 11 and threw in "
                     "the 11 face up, then stayed")
    assert equilibrium.history_words(("bet", "draw", "stay")).startswith("bet and took one more card")
    assert equilibrium.history_words(("bet", "stay"), "quitlok") == "bet with a face-down card, then stayed"


def test_figures_round_trip(tmp_path):
    """The Lab's figures written beside a large equilibrium read back as they were."""
    figures = equilibrium.EdgeAtBest(
        "quitlok", 0.04, 0.0400001, 0.0399999, (equilibrium.BankerModel(17, 0.05, 0.01),), (),
        (equilibrium.MixedPosition(("blot", 5, "bet", "stay"), (10, 7), 17, 0.25, 0.001),))
    path = tmp_path / "figures.json"
    equilibrium.write_figures(figures, path)
    assert equilibrium.read_figures(path) == equilibrium.replace(figures, mixed_total=1)
    many = equilibrium.replace(figures, mixed=figures.mixed * 30)
    equilibrium.write_figures(many, path)
    again = equilibrium.read_figures(path)
    assert again.mixed_count == 30 and len(again.mixed) == equilibrium.SHIPPED_MIXED
