"""The odds with the stock (SPEC section 3, "The stock and the reshuffle"): exact agreement with a brute force
that deals as the table does (tests/odds/brute_stock.py), near and across the reshuffle, under both presets."""

from collections import Counter
from fractions import Fraction

import pytest

from quitlok import KVITLACH, QUITLOK, InvalidCards
from quitlok.odds import advise, banker_outcomes, bust_chance, next_card_odds, stay_value
from quitlok.stock import Stock
from tests.odds.brute_stock import brute, unseen_cards


def seen_leaving(unseen, hand, rules):
    return sorted((Counter(rules.pack) - Counter(unseen) - Counter(hand)).elements())


# (hand, unseen cards, rules, face-down cards in the stock, cards face up under it (part of seen))
NEAR = [
    ((10,), (1, 2, 11, 12, 7), QUITLOK, 1, (3, 9, 11)),
    ((10,), (1, 2, 11, 12, 7), QUITLOK, 2, (3, 9)),
    ((6, 5), (11, 12, 3, 9, 2), QUITLOK, 2, (11, 10, 1)),
    ((6, 5), (11, 12, 3, 9, 2), QUITLOK, 3, (11, 4)),
    ((12, 2), (11, 9, 4, 1, 10), QUITLOK, 1, (5, 1)),
    ((8,), (5, 6, 12, 3), QUITLOK, 2, (4, 7, 2)),
    ((9, 2), (11, 12, 8, 10, 1), KVITLACH, 1, (2, 3, 11)),
    ((9, 2), (11, 12, 8, 10, 1), KVITLACH, 2, (5, 6)),
    ((12, 1), (11, 10, 9, 5), KVITLACH, 2, (12, 2)),
]
NEAR_IDS = [f"{'Q' if r is QUITLOK else 'K'}-{h}-{k}-{u}" for h, _, r, k, u in NEAR]


def position(case):
    hand, unseen, rules, cards, under = case
    seen = seen_leaving(unseen, hand, rules)
    return hand, seen, rules, Stock(cards, under)


@pytest.mark.parametrize("case", NEAR, ids=NEAR_IDS)
def test_next_card_and_bust_chance_follow_the_stock(case):
    hand, seen, rules, stock = position(case)
    _, _, _, next_card, bust = brute(hand, seen, rules, stock.cards, stock.under)
    assert next_card_odds(hand, seen, rules, exact=True, stock=stock) == next_card()
    for aluvun in (False, True):
        assert bust_chance(hand, seen, rules, aluvun=aluvun, exact=True, stock=stock) == bust(aluvun)


@pytest.mark.parametrize("case", NEAR, ids=NEAR_IDS)
@pytest.mark.parametrize("stands_on", [16, 17])
def test_banker_and_stay_follow_the_stock(case, stands_on):
    hand, seen, rules, stock = position(case)
    _, stay, banker, _, _ = brute(hand, seen, rules, stock.cards, stock.under, stands_on)
    assert banker_outcomes(hand, seen, rules, stands_on=stands_on, exact=True, stock=stock) == banker()
    assert stay_value(hand, seen, rules, stands_on=stands_on, exact=True, stock=stock) == stay()


@pytest.mark.parametrize("case", NEAR, ids=NEAR_IDS)
@pytest.mark.parametrize(("stake", "room"), [(0, 2), (1, 3), (2, 0)])
def test_advise_follows_the_stock(case, stake, room):
    hand, seen, rules, stock = position(case)
    values, *_ = brute(hand, seen, rules, stock.cards, stock.under)
    expected = values(stake, room)
    advice = advise(hand, seen, rules, stake=stake, room=room, exact=True, stock=stock)
    assert advice.values == expected
    assert list(advice.values) == list(expected)
    assert advice.best == next(a for a, v in expected.items() if v == max(expected.values()))


# --- stock=None: today's model on ordinary positions ----------------------------------------------------------

#: advise(...).values, bust and the banker's bust chance as computed before the stock existed (commit 25e3c29)
TODAY = [
    ([6, 5], [], QUITLOK, 0, 1, {'stay': '0', 'blot': '0', 'bet': '-19664119/170931600', 'blot+aluvun': '0',
                                 'bet+aluvun': '-545782957/18332414100'}, '1/11', '14345021/53721360'),
    ([10], [3, 4, 7], QUITLOK, 1, 2, {'stay': '-1339271/2713200', 'blot': '-427281097/5986094400',
                                      'bet': '-427281097/1995364800'}, '0', '1373929/5426400'),
    ([12, 2], [11, 11, 5], QUITLOK, 2, 0, {'stay': '-4865921/5290740', 'blot': '4735244/6235515',
                                           'blot+aluvun': '4735244/6235515'}, '0', '5715559/21162960'),
    ([9, 2], [], KVITLACH, 1, 1, {'stay': '-157112586893/329243687850',
                                  'draw': '-793484279098867/8089517410474500',
                                  'draw+aluvun': '-2415079279597351/137521795978066500',
                                  'raise+aluvun': '-2415079279597351/68760897989033250'},
     '2/23', '172131100957/658487375700'),
    ([12, 1], [10, 10, 3, 7, 5], KVITLACH, 2, 2, {'stay': '-105526678318/110358222975',
                                                  'draw': '13978952648581601/15873926792724000',
                                                  'draw+aluvun': '13978952648581601/15873926792724000',
                                                  'raise+aluvun': '93710569225939/56895794956000'},
     '0', '28797441908/110358222975'),
    ([3], [8, 9, 12], QUITLOK, 0, 3, {'stay': '0', 'blot': '12745309/1293292000', 'bet': '-40393441/74692800'},
     '0', '4456237/16279200'),
]


@pytest.mark.parametrize(("hand", "seen", "rules", "stake", "room", "values", "bust", "banker_bust"), TODAY)
def test_without_a_stock_ordinary_positions_keep_todays_values(hand, seen, rules, stake, room, values, bust,
                                                               banker_bust):
    advice = advise(hand, seen, rules, stake=stake, room=room, exact=True)
    assert {name: str(v) for name, v in advice.values.items()} == values
    assert str(advice.bust) == bust and str(advice.banker["bust"]) == banker_bust
    assert advice.new_stock == 0
    # a stock with more face-down cards than can be drawn answers the same
    unseen = len(rules.pack) - len(hand) - len(seen)
    assert advise(hand, seen, rules, stake=stake, room=room, exact=True, stock=Stock(unseen - 1, tuple(seen))) == \
        advice


# --- the issue's example and positions no table reaches ----------------------------------------------------

ISSUE_SEEN = [5, 10, 12, 9, 2, 5, 6, 1, 11, 3, 7, 6, 8, 10, 11, 7, 4, 8, 9, 4, 12]


def test_a_blot_with_nothing_at_stake_is_not_worth_three_chips():
    """Issue 21: with 2 unseen cards the odds gave the banker no card and counted him as losing: a blot was
    worth +3 chips with nothing at stake. The seen cards come back into play in the reshuffle."""
    advice = advise([1], ISSUE_SEEN, QUITLOK, stake=0, room=3, exact=True)
    assert 0 < advice.values["blot"] < Fraction(1, 10)
    assert advice.new_stock == 22 and advice.face_up_back == 21
    assert "new stock of 22" in advice.facts and "unseen cards would bust" not in advice.facts
    # the same kind of position, small enough for the brute force: 2 unseen cards, the rest seen
    seen = list(ISSUE_SEEN)
    seen.remove(9)
    seen.remove(8)
    hand = [9, 8]  # 3 cards unseen (a 1, a 2 and a 3): 2 in the stock, the banker's
    values, *_ = brute(hand, seen, QUITLOK, len(unseen_cards(hand, seen, QUITLOK)) - 1, seen)
    assert advise(hand, seen, QUITLOK, stake=1, room=1, exact=True).values == values(1, 1)


def test_the_hint_says_the_next_card_comes_from_a_new_stock():
    hand, seen = [10, 7], [3, 4, 5, 6, 12, 12]  # 17: a 3 or a 4 is fine (a 4 makes 21), a 5 or a 6 busts
    advice = advise(hand, seen, QUITLOK, stake=1, room=0, stock=Stock(1, (3, 4, 5, 6)))
    assert (advice.new_stock, advice.face_up_back, advice.busting_back, advice.making_21_back) == (5, 4, 2, 1)
    assert "The stock is down to its last card" in advice.facts
    assert "new stock of 5" in advice.facts and "2 would bust you and 1 would give you 21" in advice.facts
    quiet = advise(hand, seen, QUITLOK, stake=1, room=0, stock=Stock(2, (3, 4, 5, 6)))
    assert quiet.new_stock == 0 and "unseen cards would bust you" in quiet.facts


@pytest.mark.parametrize(("call", "message"), [
    (lambda: advise([1], ISSUE_SEEN + [2], QUITLOK), "only 1 unseen card"),
    (lambda: next_card_odds([10], [], QUITLOK, stock=Stock(23)), "only 23 unseen cards"),
    (lambda: stay_value([10], [3], QUITLOK, stock=Stock(2, (4,))), "among the seen cards"),
    (lambda: bust_chance([10], [], QUITLOK, stock=Stock(-1)), "face-down"),
    (lambda: banker_outcomes([10], [], QUITLOK, stock=(3, ())), "Stock"),
])
def test_positions_no_table_reaches_are_refused(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_no_card_left_anywhere_leaves_only_stay():
    """The engine lets nobody draw when the stock is empty and nothing lies under it."""
    hand, unseen = (10, 5), (1, 2)
    seen = seen_leaving(unseen, hand, QUITLOK)
    advice = advise(hand, seen, QUITLOK, stake=1, room=2, stock=Stock(0), exact=True)
    assert list(advice.values) == ["stay"]
    assert advice.values["stay"] == 1  # the banker's one card is a 1 or a 2
    with pytest.raises(InvalidCards, match="no card can be drawn"):
        next_card_odds(hand, seen, QUITLOK, stock=Stock(0))


# --- item 9: the shared memos under threads -------------------------------------------------------------------


def test_many_threads_asking_at_once_get_the_answers_of_one(monkeypatch):
    """Issue 21 item 9: `_Solvers.get` reordered its OrderedDict while other threads iterated it
    (RuntimeError: OrderedDict mutated during iteration). Answers already in the memos, so that the threads
    spend their time in the shared order of solvers."""
    import sys
    import threading

    from quitlok import odds

    monkeypatch.setattr(odds, "_SOLVERS", odds._Solvers())
    questions = [([card], [], QUITLOK, stands) for card in (2, 9) for stands in (14, 15, 16, 17, 18)]
    expected = [advise(h, s, r, stake=1, room=1, stands_on=st).values for h, s, r, st in questions]
    errors, wrong = [], []

    def ask(offset):
        try:
            for n in range(150):
                i = (n + offset) % len(questions)
                h, s, r, st = questions[i]
                if advise(h, s, r, stake=1, room=1, stands_on=st).values != expected[i]:
                    wrong.append(i)
        except Exception as error:  # noqa: BLE001 - the test reports what any thread raised
            errors.append(error)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=ask, args=(k,)) for k in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert not errors, errors[:3]
    assert not wrong
