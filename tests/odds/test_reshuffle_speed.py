"""The fast paths of the odds near the reshuffle (quitlok.odds `_Solver.banker_on`) give exactly the answers of
following the stock card by card (`_Solver.card_by_card`), which tests/odds/test_stock.py checks against a
brute force on small pools: on random stocks, and on real near-reshuffle positions of practice games."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quitlok import KVITLACH, QUITLOK, odds
from quitlok.bots import cautious
from quitlok.game import TURN
from quitlok.odds import _pack_cards, _Solver, advise, card_value, scratch_memos, summarize
from quitlok.practice import start_table
from quitlok.stock import Stock


def card_by_card(rules, stands_on):
    solver = _Solver(rules, stands_on, exact=True)
    solver.card_by_card = True
    return solver


@st.composite
def banker_positions(draw):
    """A banker's hand and a deck (unseen, face-down in the stock, known stock cards, cards under it) as the
    solver meets them: before the reshuffle (no known cards) or after it (at most one face-down card)."""
    rules = draw(st.sampled_from([QUITLOK, KVITLACH]))
    cards = draw(st.permutations(rules.pack))
    banker = draw(st.integers(0, 3))
    unseen = draw(st.integers(1, 8))
    hidden = draw(st.integers(0, min(unseen, 4)))
    known = draw(st.integers(0, 20)) if hidden <= 1 else 0
    under = draw(st.integers(0, 10))
    parts, at = [], banker
    for n in (unseen, known, under):
        parts.append(_pack_cards(cards[at:at + n]))
        at += n
    stands_on = draw(st.sampled_from(rules.banker_models))
    return rules, stands_on, summarize(cards[:banker]), (parts[0], hidden, parts[1], parts[2])


@settings(max_examples=150, deadline=None)
@given(banker_positions())
def test_the_bankers_result_from_the_stock_is_the_card_by_card_one(position):
    rules, stands_on, hand, deck = position
    fast = _Solver(rules, stands_on, exact=True)
    assert fast.banker_on(hand, deck) == card_by_card(rules, stands_on).banker_on(hand, deck)
    unseen, hidden, _, _ = deck
    if hidden < odds._size(unseen):  # his face-down card is one of the unseen cards, then he draws from the stock
        assert fast.banker_at(deck) == card_by_card(rules, stands_on).banker_at(deck)


def near_reshuffle(rules, seed, most_cards=2):
    """The learner's decisions of one practice game (a cautious learner among cautious computer players) with
    at most `most_cards` face-down cards in the stock and two cards or more in hand."""
    table = start_table(rules, computers=4, seat=4, chips=20, bank=10, style="cautious", seed=seed,
                        max_bet=rules.default_max_bet(10) if rules.agreed_max_bet else None)
    learner = cautious(seed)
    for _ in range(300):
        state = table.state
        if state.is_over:
            return
        if not table.humans_turn:
            table = table.step()
            continue
        hand = state.hands[table.human]
        if state.phase == TURN and Stock.of(state).cards <= most_cards and len(hand) >= 2:
            yield state
        table = table.act(learner.choose(state))


@pytest.mark.parametrize(("rules", "seed"), [(QUITLOK, 2)])
def test_real_positions_near_the_reshuffle_are_priced_as_card_by_card(rules, seed, monkeypatch):
    """Every action's value, the banker's outcomes and an aluvun-protected card, in exact Fractions; the
    floats within 1e-12 of them."""
    positions = list(near_reshuffle(rules, seed))
    assert len(positions) >= 4
    for state in positions:
        seat = state.to_act
        args = (state.hands[seat], state.seen_by(seat), rules)
        chips = {"stake": state.stakes[seat], "room": state.bet_room(seat)}
        stock = Stock.of(state)
        answers = []
        for slow in (False, True):
            monkeypatch.setattr(_Solver, "card_by_card", slow)
            with scratch_memos():
                advice = advise(*args, **chips, exact=True, stock=stock)
                protected = card_value(*args, **chips, aluvun=True, exact=True, stock=stock)
            answers.append((advice, protected))
        assert answers[0] == answers[1]
        assert isinstance(answers[0][1], Fraction)
        monkeypatch.setattr(_Solver, "card_by_card", False)
        with scratch_memos():  # the floats the Hint shows come from the same paths
            floats = advise(*args, **chips, stock=stock)
        exact = answers[0][0]
        assert floats.values == pytest.approx(exact.values, abs=1e-12)
        assert floats.banker == pytest.approx(exact.banker, abs=1e-12)


def test_a_slow_hint_no_longer_follows_the_bankers_draws_card_by_card():
    """README, Known limits: the Hint took up to 10.8 s near the reshuffle (a lone 3, two face-down cards in the
    stock and fifteen under it) when the banker's draws after the reshuffle were followed card by card, a memo
    entry for each deck and hand on the way (41,292 stocks dealt and 16,376 of his hands in this position).
    Now each comes from a plain pool (`banker_from`); only the player's own cards are still dealt one by one."""
    seen = (1, 1, 2, 4, 5, 5, 6, 7, 8, 9, 9, 10, 11, 12, 12)  # all face up under the stock
    with scratch_memos():
        solver = odds.solver_for(QUITLOK, 17, False)
        advise([3], seen, QUITLOK, stake=0, room=8, stock=Stock(2, seen))
        assert len(solver._deals) < 5_000
        assert len(solver._banker_on) < 6_000
