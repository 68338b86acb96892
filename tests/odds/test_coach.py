"""The coach at the table: every legal bet priced as the solver prices it, without asking once per amount."""

import random

import pytest

from quitlok import KVITLACH, QUITLOK, odds
from quitlok.actions import Stay
from quitlok.bots import bold, cautious
from quitlok.coach import bet_values, coach
from quitlok.game import TURN, Bet, legal_actions, new_game
from quitlok.odds import advise, card_value, position_value
from quitlok.sim import step
from quitlok.stock import Stock
from tests.odds.brute_stock import brute


def learner_turns(rules, purses, seeds):
    """States where a player may bet several amounts, from real games of computer players."""
    for seed in seeds:
        players = {i: cautious(seed + i) for i in range(3)}
        s = new_game(rules, ["A", "B", "C"], banker=0, bank=purses, purses=purses, seed=seed)
        for _ in range(60):
            if s.is_over:
                break
            bets = [a for a in legal_actions(s) if isinstance(a, Bet)]
            if s.phase == TURN and len(bets) >= 5:
                yield s
            s = step(s, players)


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH], ids=["Quitlok", "Kvitlach"])
def test_every_bet_is_priced_as_the_solver_prices_it(rules):
    checked = positions = 0
    for s in learner_turns(rules, 40, range(6)):
        positions += 1
        if positions > 8:
            break
        seat, coaching = s.to_act, coach(s)
        hand, seen, stake, room = s.hands[seat], s.seen_by(seat), s.stakes[seat], s.bet_room(seat)
        for action, value in coaching.values.items():
            if not isinstance(action, Bet):
                continue
            if rules.bet_first and not s.aluvun_called:
                expected = position_value(hand, seen, rules, stake=action.n, room=room - action.n,
                                          stock=Stock.of(s))
            else:
                expected = card_value(hand, seen, rules, stake=stake, room=room, bet=action.n,
                                      aluvun=s.aluvun_called, stock=Stock.of(s))
            assert value == pytest.approx(expected, abs=1e-9)
            checked += 1
    assert checked >= 20


def test_a_line_is_priced_three_times_and_anything_else_every_time():
    asked = []

    def line(n):
        asked.append(n)
        return 0.5 - 0.1 * n if n < 1000 else -7.0

    values = bet_values([Bet(n) for n in range(1, 1001)], 1000, line)
    assert len(asked) <= 4 and values[Bet(500)] == pytest.approx(0.5 - 50) and values[Bet(1000)] == -7.0
    asked.clear()

    def kinked(n):
        asked.append(n)
        return abs(n - 5) * 1.0

    values = bet_values([Bet(n) for n in range(1, 11)], 10, kinked)
    assert values == {Bet(n): abs(n - 5) * 1.0 for n in range(1, 11)} and sorted(set(asked)) == list(range(1, 11))


def test_a_thousand_chip_table_asks_the_solver_a_few_times(monkeypatch):
    from quitlok import coach as coach_module

    calls = []
    real = coach_module.card_value
    monkeypatch.setattr(coach_module, "card_value", lambda *a, **k: calls.append(k.get("bet")) or real(*a, **k))
    s = new_game(QUITLOK, ["A", "B"], banker=0, bank=1000, purses=1000, seed=random.Random(1).randrange(99))
    coaching = coach(s)
    assert sum(isinstance(a, Bet) for a in coaching.values) == 1000
    assert len(calls) <= 6


def test_coaching_leaves_the_shared_memos_as_it_found_them():
    """A practice game's positions are priced in memos of their own (quitlok.odds.scratch_memos): a server's
    shared memos must not grow with every game played, and the answers are the same as from the shared ones."""
    state = next(learner_turns(QUITLOK, 20, range(1, 40)))
    odds._SOLVERS.clear()
    advise(list(state.hands[state.to_act]), [], QUITLOK, stake=0, room=2)  # the shared memos in use
    before = odds._SOLVERS.weight()
    coaching = coach(state)
    assert odds._SOLVERS.weight() == before, "coaching grew the shared memos"
    with odds.scratch_memos():
        assert odds._SCRATCH.get() is not None
    assert odds._SCRATCH.get() is None
    hand, seen = list(state.hands[state.to_act]), list(state.seen_by(state.to_act))
    stake, room = state.stakes[state.to_act], state.bet_room(state.to_act)
    assert coaching.values[Stay()] == pytest.approx(
        advise(hand, seen, QUITLOK, stake=stake, room=room).values["stay"])


def near_the_reshuffle(rules, seeds, seats=6):
    """A player's turns in real games of computer players, once the stock is down to 3 face-down cards or
    fewer."""
    for seed in seeds:
        players = {i: (cautious if i % 2 else bold)(seed + i) for i in range(seats)}
        s = new_game(rules, [f"P{i}" for i in range(seats)], banker=0, bank=20, purses=40, seed=seed)
        for _ in range(400):
            if s.is_over:
                break
            if s.phase == TURN and s.to_act != s.banker and len(s.stock) <= 3:
                yield seed, s
            s = step(s, players)


#: positions of those games small enough for the brute force to deal out quickly (seed, the player's hand)
SMALL = {QUITLOK: [(0, (1, 4, 11, 2)), (0, (11, 1, 6))], KVITLACH: [(1, (11, 4, 2)), (4, (12, 3))]}


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH], ids=["Quitlok", "Kvitlach"])
def test_the_coach_near_the_reshuffle_agrees_with_a_brute_force_that_deals_as_the_table(rules):
    """Issue 21: the Hint and the cost of a decision follow the stock card by card across the reshuffle."""
    wanted, checked = SMALL[rules], 0
    for seed, s in near_the_reshuffle(rules, sorted({seed for seed, _ in wanted})):
        seat = s.to_act
        hand, seen = s.hands[seat], s.seen_by(seat)
        if (seed, hand) not in wanted or s.aluvun_called:
            continue
        coaching = coach(s)
        values, *_ = brute(hand, seen, rules, len(s.stock), s.under, rules.banker_model(17))
        expected = values(s.stakes[seat], s.bet_room(seat))
        assert coaching.advice.values == pytest.approx({name: float(v) for name, v in expected.items()}, abs=1e-9)
        assert coaching.values[Stay()] == pytest.approx(float(expected["stay"]), abs=1e-9)
        checked += 1
        wanted = [w for w in wanted if w != (seed, hand)]
    assert checked == len(SMALL[rules]), "the games no longer reach these positions"


def test_the_hint_says_the_next_card_comes_from_a_new_stock():
    """Issue 21: the Hint said "0 of the 5 unseen cards would bust you" when the next card came from a new
    stock of 21: at the stock's last face-down card it says so, with the new stock's size."""
    for _, s in near_the_reshuffle(QUITLOK, range(3)):
        if len(s.stock) == 1 and s.under and not s.aluvun_called:
            facts = coach(s).advice.facts
            assert "The stock is down to its last card" in facts
            assert f"new stock of {1 + len(s.under)}" in facts and "unseen cards" not in facts
            break
    else:
        pytest.fail("no game reached the stock's last card")
