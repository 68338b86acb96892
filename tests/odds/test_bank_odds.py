"""quitlok.bank_odds (the banker's draw or stand) against a brute force over every ordering of small pools.

The brute force shares no arithmetic with the module: it lays out every ordering of the unseen cards
(cards of one rank told apart), gives each staying player's face-down cards the first places of the
ordering and the banker's draws the places after them, keeps the orderings that player's play allows
(checked with the engine's hand_value and the public advisor), and finds the banker's best play by
walking his possible draw sequences, card by card, over those orderings.
"""

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from quitlok import KVITLACH, QUITLOK, InvalidCards, hand_value
from quitlok.bank_odds import DRAW, STAND, OpenHand, banker_advice
from quitlok.errors import InvalidSetup
from quitlok.odds import advise


def unseen(rules, hand, seen, open_hands):
    shown = [c for h in open_hands for c in h.cards if c is not None]
    return sorted((Counter(rules.pack) - Counter(hand) - Counter(seen) - Counter(shown)).elements())


def fill(cards, hidden):
    it = iter(hidden)
    return [next(it) if c is None else c for c in cards]


def allowed(open_hand, cards, rules, seen_by_player, *, best_play):
    """The player's cards never reached 21 before he stayed, and (best_play) the advisor would stay."""
    if any(hand_value(cards[:n], rules) >= 21 for n in range(1, len(cards) + 1)):
        return False
    if not best_play:
        return True
    room = open_hand.room
    return advise(cards, seen_by_player, rules, stake=open_hand.stake, room=room, stands_on=17, exact=True).best \
        == "stay"


def brute(rules, hand, seen, open_hands):
    """{"stand": value, "draw": value} for the bank, each player weighed on his own (as the module's model)."""
    pool = unseen(rules, hand, seen, open_hands)
    orders = list(permutations(pool))
    worlds = []  # per player: (stake, k, [(hidden-free banker cards, player's total), ...])
    for i, open_hand in enumerate(open_hands):
        k = open_hand.cards.count(None)
        others = [c for j, h in enumerate(open_hands) if j != i for c in h.cards if c is not None]
        for best_play in (True, False):
            kept = []
            for order in orders:
                cards = fill(open_hand.cards, order[:k])
                seen_by_player = list(seen) + others  # not the banker's cards: they were face down
                if allowed(open_hand, cards, rules, seen_by_player, best_play=best_play):
                    kept.append((order[k:], hand_value(cards, rules)))
            if kept:
                break
        worlds.append((open_hand.stake, kept))

    def stand(drawn):
        total = Fraction(0)
        value = hand_value(list(hand) + list(drawn), rules)
        for stake, kept in worlds:
            match = [t for rest, t in kept if tuple(rest[:len(drawn)]) == drawn]
            wins = sum(1 for t in match if value <= 21 and t <= value)
            total += Fraction(stake * (2 * wins - len(match)), len(kept))
        return total

    def exhausted_stand(drawn):
        total = Fraction(0)
        value = hand_value(list(hand) + list(drawn), rules)
        for stake, kept in worlds:
            match = [t for rest, t in kept if tuple(rest) == drawn]
            wins = sum(1 for t in match if value <= 21 and t <= value)
            total += Fraction(stake * (2 * wins - len(match)), len(kept))
        return total

    def draw(drawn):
        nexts = {rest[len(drawn)] for _, kept in worlds for rest, _ in kept
                 if tuple(rest[:len(drawn)]) == drawn and len(rest) > len(drawn)}
        return sum((best(drawn + (c,)) for c in nexts), exhausted_stand(drawn))

    def forced(drawn):
        must = rules.banker_must_reach
        return must is not None and hand_value(list(hand) + list(drawn), rules) < must

    def best(drawn):
        value = hand_value(list(hand) + list(drawn), rules)
        if value >= 21 or not any(len(rest) > len(drawn) and tuple(rest[:len(drawn)]) == drawn
                                  for _, kept in worlds for rest, _ in kept):
            return stand(drawn)
        return draw(drawn) if forced(drawn) else max(stand(drawn), draw(drawn))

    values = {}
    if not forced(()):
        values[STAND] = stand(())
    values[DRAW] = draw(())
    return values


def seen_for(rules, hand, open_hands, pool):
    """Everything else seen, so that only `pool` is unseen and every ordering of it can be laid out."""
    shown = [c for h in open_hands for c in h.cards if c is not None]
    return sorted((Counter(rules.pack) - Counter(hand) - Counter(shown) - Counter(pool)).elements())


SETUPS = [
    # (rules, banker's hand, open hands, the unseen cards)
    (QUITLOK, (10, 4), [OpenHand(1, (None, 5), 0)], [2, 5, 7, 10, 11, 11]),
    (QUITLOK, (7, 4), [OpenHand(2, (None, None), 0)], [3, 5, 9, 10, 11, 12, 12]),
    (QUITLOK, (5,), [OpenHand(1, (None, 2), 1)], [1, 6, 9, 10, 12, 12, 11]),
    (QUITLOK, (10, 7), [OpenHand(1, (None, 4), 0), OpenHand(3, (None, 5), 0)], [1, 3, 8, 10, 11, 12]),
    (QUITLOK, (11,), [OpenHand(1, (None,), 0)], [2, 6, 9, 10, 11, 12]),
    (QUITLOK, (9, 9), [OpenHand(1, (None, 2, None), 0)], [1, 3, 4, 7, 8, 12]),
    (KVITLACH, (10, 5), [OpenHand(1, (None, None), 0)], [1, 4, 6, 6, 9, 10, 12]),
    (KVITLACH, (6, 3), [OpenHand(2, (None, None, None), 0)], [1, 2, 3, 4, 8, 10, 12]),
]
CASES = [(rules, hand, seen_for(rules, hand, open_hands, pool), open_hands)
         for rules, hand, open_hands, pool in SETUPS]


@pytest.mark.parametrize("rules, hand, seen, open_hands", CASES)
def test_banker_advice_matches_brute_force(rules, hand, seen, open_hands):
    advice = banker_advice(hand, seen, rules, open_hands=open_hands, exact=True)
    assert advice.values == brute(rules, hand, seen, open_hands)
    assert advice.best == max(advice.values, key=lambda c: (advice.values[c], c == STAND))


@pytest.mark.parametrize("rules, hand, seen, open_hands", CASES)
def test_floats_agree_with_exact(rules, hand, seen, open_hands):
    exact = banker_advice(hand, seen, rules, open_hands=open_hands, exact=True)
    rough = banker_advice(hand, seen, rules, open_hands=open_hands)
    assert exact.values.keys() == rough.values.keys()
    for choice in exact.values:
        assert abs(float(exact.values[choice]) - rough.values[choice]) < 1e-9
    for exact_totals, rough_totals in zip(exact.totals, rough.totals, strict=True):
        assert sum(exact_totals.values()) == 1
        assert {t: float(p) for t, p in exact_totals.items()} == pytest.approx(rough_totals)


def test_a_banker_on_21_or_bust_has_nothing_to_choose():
    assert banker_advice((10, 11), [], QUITLOK, open_hands=[OpenHand(1, (None, 9))]).values.keys() == {STAND}
    advice = banker_advice((2, 11), [], QUITLOK, open_hands=[OpenHand(2, (None, 9))], exact=True)
    assert advice.values == {STAND: 2}  # a framed pair is 21 for the banker too: every open stake is his


def test_kvitlach_banker_must_draw_below_17():
    advice = banker_advice((10, 5), [], KVITLACH, open_hands=[OpenHand(1, (None, None))])
    assert list(advice.values) == [DRAW]
    assert "draw below 17" in advice.facts


def test_a_hand_best_play_would_never_stay_on_counts_every_open_total():
    """One face-down card and a stake: best play never stays there, so every card below 21 counts alike."""
    advice = banker_advice((6, 6), [], QUITLOK, open_hands=[OpenHand(3, (None,))], exact=True)
    assert advice.models == ("open",)
    assert set(advice.totals[0]) == set(range(1, 13)) - {6}  # both 6s are the banker's
    assert advice.values[STAND] == 3  # 12 beats or ties every one-card hand


def test_best_play_model_keeps_only_hands_worth_staying_on():
    advice = banker_advice((10, 5), [], QUITLOK, open_hands=[OpenHand(1, (None, 5))], exact=True)
    assert advice.models == ("best play",)
    assert all(total >= 15 for total in advice.totals[0])
    assert "You hold 15" in advice.facts and "Best:" in advice.reason


@pytest.mark.parametrize("open_hands, problem", [
    ([], InvalidSetup),
    (OpenHand(1, (None,)), InvalidSetup),
    ([OpenHand(0, (None,))], InvalidSetup),
    ([OpenHand(1.5, (None,))], InvalidSetup),
    ([OpenHand(1, ())], InvalidCards),
    ([OpenHand(1, (13,))], InvalidCards),
    ([OpenHand(1, (None, 10, 11))], InvalidCards),  # 21 is paid at once: it cannot still be open
    ([OpenHand(1, (5, None))], InvalidCards),  # the first card is dealt face down
    ([OpenHand(1, (None,) * 30)], InvalidCards),
    (["1 chip"], InvalidSetup),
])
def test_bad_open_hands_are_refused(open_hands, problem):
    with pytest.raises(problem):
        banker_advice((10, 5), [], QUITLOK, open_hands=open_hands)


def test_impossible_cards_are_refused():
    with pytest.raises(InvalidCards, match="together"):
        banker_advice((10, 10), [10], QUITLOK, open_hands=[OpenHand(1, (None, 4))])
    with pytest.raises(InvalidCards, match="empty"):
        banker_advice((), [], QUITLOK, open_hands=[OpenHand(1, (None, 4))])


def test_what_cannot_be_an_open_hand_is_named():
    with pytest.raises(InvalidCards, match="open hand 2: its face-up cards already count 21"):
        banker_advice((10, 5), [], QUITLOK, open_hands=[OpenHand(1, (None, 4)), OpenHand(1, (None, 10, 11))])
    with pytest.raises(InvalidCards, match="open hand 1: no cards from those unseen could fill its face-down"):
        banker_advice((10, 5), [], QUITLOK, open_hands=[OpenHand(1, (None,) * 9)])
    with pytest.raises(InvalidCards, match="open hand 1: a player's first card is dealt face down"):
        banker_advice((10, 5), [], QUITLOK, open_hands=[OpenHand(1, (3, None))])
    with pytest.raises(InvalidCards, match="there are no blots"):
        banker_advice((10, 5), [], KVITLACH, open_hands=[OpenHand(1, (None, 3))])
