"""Invariants over many random games (hypothesis): chips and cards are conserved,
someone always has a legal action, inputs never change, and every hand ends
within a bound, so a game ends or keeps making progress."""

import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quitlok import KVITLACH, QUITLOK, IllegalAction, InvalidSetup
from quitlok import events as ev
from quitlok.game import Bet, Stand, apply_action, legal_actions, new_game

GAMES = 1000
ACTIONS_PER_GAME = 150
#: no hand lasts longer than this many decisions per seat (each card raises a total that busts past 21)
ACTIONS_PER_HAND_PER_SEAT = 60


def _house_rules():
    """Presets with single rules changed, as a table might play them."""
    return st.sampled_from([
        replace(QUITLOK, twelve_values=(12, 10, 9)),
        replace(QUITLOK, copies=4, banker_must_reach=17),
        replace(QUITLOK, blots=False, alternate_direction=False, framed_pair_21=False),
        replace(QUITLOK, aluvun=False, agreed_max_bet=True, bank_share=Fraction(1, 2)),
        replace(KVITLACH, copies=2),
        replace(KVITLACH, elvaroon_raise=False, banker_must_reach=None, twelve_values=(12, 9)),
    ])


def _staked(events, staked):
    """What the latest banker staked (BankStaked), or `staked` if no such event."""
    for event in events:
        if isinstance(event, ev.BankStaked):
            staked = event.bank
    return staked


def check_game(rules, seats, seed, bank, purse):
    names = [f"P{i}" for i in range(seats)]
    try:
        state = new_game(rules, names, banker=seed % seats, bank=bank, purses=purse, seed=seed,
                         choose_stake=seed % 3 == 0)  # a third of the tables let new bankers choose their stake
    except InvalidSetup as problem:  # a share no player can pay and still bet: nobody could play
        assert "Nobody could play" in str(problem) and purse <= rules.share_of(min(bank, purse))
        return
    rng = random.Random(seed)
    chips = state.chips()
    pack = Counter(rules.pack)
    hand_key, in_hand = (state.banker, state.hand_number), 0
    staked = _staked(state.events, None)
    for _ in range(ACTIONS_PER_GAME):
        if state.is_over:
            assert legal_actions(state) == []
            break
        legal = legal_actions(state)
        assert legal, "someone is to act but has no legal action"
        # bias towards bets so that money moves and banks change hands
        bets = [a for a in legal if isinstance(a, Bet)]
        action = rng.choice(bets) if bets and rng.random() < 0.4 else rng.choice(legal)
        snapshot = (state.hands, state.purses, state.stakes, state.bank, state.stock, state.under, state.events)
        after = apply_action(state, action)
        assert snapshot == (state.hands, state.purses, state.stakes, state.bank, state.stock, state.under,
                            state.events), "apply_action changed its input"
        new_events = after.events[len(state.events):]
        state = after
        assert state.chips() == chips
        for event in new_events:  # nobody pays his last chips into a bank he cannot play against
            staked = _staked([event], staked)
            if isinstance(event, ev.SharePaid):
                # each share is the rules' part of what THIS banker staked, rounded down (SPEC section 2)
                assert event.share == rules.share_of(staked), (event, staked)
                assert state.purses[event.seat] > 0, event
        assert min(state.purses) >= 0 and min(state.stakes) >= 0 and state.bank >= 0
        assert state.open_stakes <= state.bank or state.is_over
        assert Counter(state.stock) + Counter(state.under) + Counter(c for h in state.hands for c in h) == pack
        assert all(len(h) == len(f) for h, f in zip(state.hands, state.face_up, strict=False))
        key = (state.banker, state.hand_number)
        in_hand = in_hand + 1 if key == hand_key else 0
        hand_key = key
        assert in_hand <= ACTIONS_PER_HAND_PER_SEAT * seats, "a hand does not end"
    if not state.is_over:
        with pytest.raises(IllegalAction):
            apply_action(state, Bet(10**6) if state.phase != "banker" else Stand() if Stand() not in
                         legal_actions(state) else Bet(1))


GAME_ARGS = dict(
    seats=st.integers(2, 8),
    seed=st.integers(0, 2**32 - 1),
    bank=st.integers(1, 40),
    purse=st.integers(1, 60),
)
SETTINGS = settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(**GAME_ARGS)
def test_quitlok_invariants(seats, seed, bank, purse):
    check_game(QUITLOK, seats, seed, bank, purse)


@SETTINGS
@given(**GAME_ARGS)
def test_kvitlach_invariants(seats, seed, bank, purse):
    check_game(KVITLACH, seats, seed, bank, purse)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=_house_rules(), **GAME_ARGS)
def test_house_rules_invariants(rules, seats, seed, bank, purse):
    check_game(rules, seats, seed, bank, purse)
