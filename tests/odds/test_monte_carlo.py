"""quitlok.odds against games played out by the engine: Monte Carlo within 4 standard errors."""

import math
import random
from collections import Counter

import pytest

from quitlok import KVITLACH, QUITLOK, hand_value
from quitlok import events as ev
from quitlok.game import BANKER, PROTECTED, Aluvun, Bet, Blot, Draw, Reject, Stand, Stay, apply_action, new_game
from quitlok.odds import banker_outcomes, bust_chance, stay_value

TRIALS = 6000


def within_4_se(samples, expected):
    n = len(samples)
    mean = sum(samples) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in samples) / (n - 1)) or 1 / n
    assert abs(mean - float(expected)) <= 4 * sd / math.sqrt(n), (mean, float(expected))


def unseen_card(rng, rules, known):
    return rng.choice(list((Counter(rules.pack) - Counter(known)).elements()))


@pytest.mark.parametrize("aluvun", [False, True])
def test_bust_chance_of_six_and_five(aluvun):
    """Ben holds 6, then bets and gets 5; the banker's face-down card is unknown to him."""
    rng, busts = random.Random(1), []
    for trial in range(TRIALS):
        stock = [6, unseen_card(rng, QUITLOK, [6, 5]), 5]
        s = new_game(QUITLOK, ["Ann", "Ben"], banker=0, bank=50, purses=50, stock=stock, seed=trial)
        s = apply_action(s, Bet(1))
        assert s.hands[1] == (6, 5)
        if aluvun:
            s = apply_action(s, Aluvun())
        s = apply_action(s, Blot())
        if s.phase == PROTECTED:
            s = apply_action(s, Reject())
        busts.append(int(any(isinstance(event, ev.WentBust) and event.seat == 1 for event in s.events)))
    within_4_se(busts, bust_chance([6, 5], [], QUITLOK, aluvun=aluvun))


def play_banker(s, stands_on):
    """The banker draws below `stands_on`; returns (state, his final result)."""
    while s.phase == BANKER:
        hand = s.hands[s.banker]
        if hand_value(hand, s.rules) < stands_on:
            s = apply_action(s, Draw())
            if s.phase != BANKER:  # 21 or bust ended his turn; his cards went under the stock last
                final = hand_value(s.under[-(len(hand) + 1):], s.rules)
                return s, "bust" if final > 21 else final
        else:
            s = apply_action(s, Stand())
            return s, hand_value(hand, s.rules)
    raise AssertionError("the banker did not play")


@pytest.mark.parametrize(("rules", "card", "second", "stands_on"), [
    (KVITLACH, 10, None, 17),
    (KVITLACH, 4, None, 18),
    (QUITLOK, 10, 8, 16),
    (QUITLOK, 12, 7, 17),
])
def test_banker_outcomes_and_stay_value(rules, card, second, stands_on):
    """The player leaves one chip open; the banker, all of whose cards are unseen, plays to his total."""
    rng, results, busts = random.Random(2), [], []
    hand = [card] + ([second] if second else [])
    for trial in range(TRIALS):
        stock = [card, unseen_card(rng, rules, hand)] + ([second] if second else [])
        s = new_game(rules, ["Ann", "Ben"], banker=0, bank=50, purses=50, stock=stock, seed=trial)
        s = apply_action(s, Bet(1))
        assert s.hands[1] == tuple(hand)
        s = apply_action(s, Stay())
        s, final = play_banker(s, stands_on)
        busts.append(int(final == "bust"))
        results.append(s.purses[1] - (50 - int(50 * rules.bank_share)))
    within_4_se(busts, banker_outcomes(hand, [], rules, stands_on=stands_on)["bust"])
    within_4_se(results, stay_value(hand, [], rules, stands_on=stands_on))
