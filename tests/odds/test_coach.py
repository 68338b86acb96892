"""The coach at the table: every legal bet priced as the solver prices it, without asking once per amount."""

import random

import pytest

from quitlok import KVITLACH, QUITLOK, odds
from quitlok.actions import Stay
from quitlok.bots import cautious
from quitlok.coach import bet_values, coach
from quitlok.game import TURN, Bet, legal_actions, new_game
from quitlok.odds import advise, card_value, position_value
from quitlok.sim import step


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
                expected = position_value(hand, seen, rules, stake=action.n, room=room - action.n)
            else:
                expected = card_value(hand, seen, rules, stake=stake, room=room, bet=action.n,
                                      aluvun=s.aluvun_called)
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
