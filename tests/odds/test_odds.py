"""quitlok.odds against hand-checked cases and a brute force over every ordering of small pools."""

from collections import Counter
from dataclasses import replace
from fractions import Fraction
from functools import cache
from itertools import permutations

import pytest

from quitlok import KVITLACH, QUITLOK, InvalidCards, hand_value
from quitlok.errors import InvalidSetup
from quitlok.hand import totals
from quitlok.odds import (
    KVITLACH_ACTIONS,
    QUITLOK_ACTIONS,
    action_words,
    advise,
    banker_outcomes,
    bust_chance,
    edge_outcomes,
    next_card_odds,
    player_edge,
    position_value,
    stay_value,
)
from quitlok.stock import Stock
from tests.odds.brute_stock import brute as brute_stock

# --- brute force: plain lists, every ordering, the engine's hand_value ------------------------------


def pool_of(hand, seen, rules):
    left = Counter(rules.pack) - Counter(hand) - Counter(seen)
    return sorted(left.elements())


def orderings(pool):
    """Every ordering of the pool's cards (cards of one rank are told apart), each equally likely."""
    return list(permutations(pool))


def brute_next(hand, seen, rules):
    orders = orderings(pool_of(hand, seen, rules))
    counts = Counter(order[0] for order in orders)
    return {rank: Fraction(n, len(orders)) for rank, n in counts.items()}


def brute_bust(hand, seen, rules, aluvun):
    orders = orderings(pool_of(hand, seen, rules))
    can_call = aluvun and rules.aluvun and any(t == 11 for t in _totals(hand, rules))
    bust = 0
    for order in orders:
        card = order[0]
        if can_call and card == 11 and hand_value([*hand, 11], rules) > 21 and len(order) > 1:
            card = order[1]
        bust += hand_value([*hand, card], rules) > 21
    return Fraction(bust, len(orders))


def _totals(hand, rules):
    return totals(hand, rules)


def banker_final(order, rules, stands_on):
    cards = []
    for card in order:
        cards.append(card)
        if hand_value(cards, rules) >= stands_on:
            break
    value = hand_value(cards, rules)
    return "bust" if value > 21 else value


def brute_banker(hand, seen, rules, stands_on):
    orders = orderings(pool_of(hand, seen, rules))
    counts = Counter(banker_final(order, rules, stands_on) for order in orders)
    return {result: Fraction(n, len(orders)) for result, n in counts.items()}


def brute_stay(hand, seen, rules, stands_on):
    mine = hand_value(hand, rules)
    if mine > 21:
        return Fraction(-1)
    if mine == 21:
        return Fraction(1)
    return sum((p if r == "bust" or r < mine else -p) for r, p in brute_banker(hand, seen, rules, stands_on).items())


def brute_advise(hand, seen, rules, stake, room, stands_on):
    """Expectimax by plain recursion: the next card is each card of the pool in turn, equally likely."""

    @cache
    def stay(hand, pool):
        mine = hand_value(hand, rules)
        if mine > 21:
            return Fraction(-1)
        if mine == 21:
            return Fraction(1)
        orders = list(permutations(pool))
        total = Fraction(0)
        for order in orders:
            r = banker_final(order, rules, stands_on)
            total += 1 if r == "bust" or r < mine else -1
        return total / len(orders)

    def after(hand, pool, stake, room):
        v = hand_value(hand, rules)
        if v > 21:
            return Fraction(-stake)
        if v == 21:
            return Fraction(stake)
        return max(values(hand, pool, stake, room).values())

    def take(hand, pool, stake, room, protected):
        total = Fraction(0)
        for i, card in enumerate(pool):
            rest = pool[:i] + pool[i + 1:]
            outcome = after(hand + (card,), rest, stake, room)
            if protected and card == 11 and rest:
                outcome = max(outcome, take(hand, rest, stake, room, False))
            total += outcome
        return total / len(pool)

    def values(hand, pool, stake, room):
        result = {"stay": stake * stay(hand, pool) if stake else Fraction(0)}
        if not pool:
            return result
        callable_ = rules.aluvun and 11 in _totals(hand, rules)
        if rules.bet_first:
            result["draw"] = take(hand, pool, stake, room, False)
            if callable_:
                result["draw+aluvun"] = take(hand, pool, stake, room, True)
                if rules.elvaroon_raise and room:
                    result["raise+aluvun"] = take(hand, pool, stake + room, 0, True)
            return result
        if rules.blots:
            result["blot"] = take(hand, pool, stake, room, False)
        if room:
            result["bet"] = take(hand, pool, stake + room, 0, False)
        if callable_ and rules.blots:
            result["blot+aluvun"] = take(hand, pool, stake, room, True)
        if callable_ and room:
            result["bet+aluvun"] = take(hand, pool, stake + room, 0, True)
        return result

    return values(tuple(hand), tuple(pool_of(hand, seen, rules)), stake, room)


# --- small pools to compare on --------------------------------------------------------------------------

def seen_leaving(pool, hand, rules=QUITLOK):
    """The seen cards that leave exactly `pool` unseen besides `hand`."""
    return sorted((Counter(rules.pack) - Counter(pool) - Counter(hand)).elements())


POSITIONS = [
    # (hand, pool left unseen, rules)
    ((6, 5), (11, 11, 12, 3, 9, 10, 2), QUITLOK),
    ((10,), (1, 2, 11, 12, 12, 7), QUITLOK),
    ((12, 2), (11, 9, 4, 5, 1, 10), QUITLOK),
    ((2,), (11, 2, 8, 9, 3, 12), QUITLOK),
    ((12,), (12, 10, 1, 11, 5, 6), replace(QUITLOK, twelve_values=(12, 10, 9))),
    ((9, 2), (11, 11, 12, 8, 10, 1), KVITLACH),
    ((12, 1), (11, 12, 10, 10, 9, 5), KVITLACH),
]


@pytest.mark.parametrize(("hand", "pool", "rules"), POSITIONS)
def test_next_card_odds_equal_the_brute_force(hand, pool, rules):
    seen = seen_leaving(pool, hand, rules)
    assert next_card_odds(hand, seen, rules, exact=True) == brute_next(hand, seen, rules)


@pytest.mark.parametrize(("hand", "pool", "rules"), POSITIONS)
@pytest.mark.parametrize("aluvun", [False, True])
def test_bust_chance_equals_the_brute_force(hand, pool, rules, aluvun):
    seen = seen_leaving(pool, hand, rules)
    assert bust_chance(hand, seen, rules, aluvun=aluvun, exact=True) == brute_bust(hand, seen, rules, aluvun)


@pytest.mark.parametrize(("hand", "pool", "rules"), POSITIONS)
@pytest.mark.parametrize("stands_on", [15, 17, 18])
def test_banker_outcomes_equal_the_brute_force(hand, pool, rules, stands_on):
    seen = seen_leaving(pool, hand, rules)
    assert banker_outcomes(hand, seen, rules, stands_on=stands_on, exact=True) == \
        brute_banker(hand, seen, rules, stands_on)


@pytest.mark.parametrize(("hand", "pool", "rules"), POSITIONS)
def test_stay_value_equals_the_brute_force(hand, pool, rules):
    seen = seen_leaving(pool, hand, rules)
    assert stay_value(hand, seen, rules, stands_on=16, exact=True) == brute_stay(hand, seen, rules, 16)


@pytest.mark.parametrize(("hand", "pool", "rules"), POSITIONS[:5] + [((9, 2), (11, 11, 12, 8, 10), KVITLACH)])
@pytest.mark.parametrize(("stake", "room"), [(0, 2), (1, 3), (2, 0)])
def test_advise_equals_the_brute_force(hand, pool, rules, stake, room):
    """Without a stock, every unseen card but the banker's lies in the stock and every seen card under it: where
    best play can draw more cards than the stock holds, the brute force deals across the reshuffle."""
    seen = seen_leaving(pool, hand, rules)
    advice = advise(hand, seen, rules, stake=stake, room=room, stands_on=17, exact=True)
    expected = brute_stock(hand, seen, rules, len(pool) - 1, seen)[0](stake, room)
    assert advice.values == expected
    assert list(advice.values) == list(expected)
    best = max(expected.values())
    assert advice.best == next(a for a, v in expected.items() if v == best)


def test_the_stock_running_out_leaves_the_banker_standing():
    hand, pool = (10,), (1, 2, 3)  # 1 + 2 + 3 = 6: he stands on 6, no card being left in the stock or under it
    seen = seen_leaving(pool, hand)
    assert banker_outcomes(hand, seen, QUITLOK, exact=True, stock=Stock(2)) == {6: 1}
    assert brute_banker(hand, seen, QUITLOK, 17) == {6: 1}


def test_a_small_pool_is_topped_up_by_the_reshuffle_not_run_dry():
    """Without a stock, the seen cards lie under it: the banker draws on from them rather than standing on 6
    (issue 21: the pool running out had him stand or hold no card)."""
    hand, pool = (10,), (1, 2, 3)
    seen = seen_leaving(pool, hand)
    outcomes = banker_outcomes(hand, seen, QUITLOK, exact=True)
    assert outcomes == brute_stock(hand, seen, QUITLOK, 2, seen)[2]()
    assert 6 not in outcomes


# --- hand-checked cases --------------------------------------------------------------------------------


def test_six_and_five_with_nothing_seen():
    assert bust_chance([6, 5], [], QUITLOK, exact=True) == Fraction(1, 11)
    assert bust_chance([6, 5], [], QUITLOK, aluvun=True, exact=True) == Fraction(1, 231)


def test_aluvun_changes_nothing_for_a_hand_that_cannot_total_eleven():
    assert bust_chance([10, 5], [], QUITLOK, aluvun=True, exact=True) == bust_chance([10, 5], [], QUITLOK, exact=True)
    assert bust_chance([6, 5], [], replace(QUITLOK, aluvun=False), aluvun=True, exact=True) == Fraction(1, 11)


def test_next_card_odds_count_what_is_left():
    odds = next_card_odds([5], [5, 7], QUITLOK, exact=True)
    assert 5 not in odds and odds[7] == Fraction(1, 21) and odds[1] == Fraction(2, 21)


def test_a_framed_first_pair_is_21_for_the_banker():
    seen = seen_leaving((2, 11), ())
    assert banker_outcomes([], seen, QUITLOK, exact=True, stock=Stock(1)) == {21: 1}


def test_stay_value_of_21_and_of_a_bust_hand():
    assert stay_value([10, 11], [], QUITLOK, exact=True) == 1
    assert stay_value([10, 9, 8], [], QUITLOK, exact=True) == -1


# --- distributions sum to one; floats match Fractions --------------------------------------------------

CASES = [([5], [], QUITLOK), ([12, 2], [11, 3], QUITLOK), ([1], [], KVITLACH), ([10, 6], [5, 5, 12], KVITLACH)]


@pytest.mark.parametrize(("hand", "seen", "rules"), CASES)
def test_every_distribution_sums_to_exactly_one(hand, seen, rules):
    assert sum(next_card_odds(hand, seen, rules, exact=True).values()) == 1
    for stands_on in (15, 16, 17, 18):
        assert sum(banker_outcomes(hand, seen, rules, stands_on=stands_on, exact=True).values()) == 1


@pytest.mark.parametrize(("hand", "seen", "rules"), CASES)
def test_floats_match_exact_results(hand, seen, rules):
    def close(a, b):
        assert isinstance(a, float) and isinstance(b, Fraction)
        assert abs(a - float(b)) < 1e-12

    for key, p in next_card_odds(hand, seen, rules, exact=True).items():
        close(next_card_odds(hand, seen, rules)[key], p)
    close(bust_chance(hand, seen, rules), bust_chance(hand, seen, rules, exact=True))
    close(bust_chance(hand, seen, rules, aluvun=True), bust_chance(hand, seen, rules, aluvun=True, exact=True))
    for key, p in banker_outcomes(hand, seen, rules, exact=True).items():
        close(banker_outcomes(hand, seen, rules)[key], p)
    close(stay_value(hand, seen, rules), stay_value(hand, seen, rules, exact=True))
    floats, exact = advise(hand, seen, rules, stake=1, room=2), advise(hand, seen, rules, stake=1, room=2, exact=True)
    assert floats.values.keys() == exact.values.keys() and floats.best == exact.best
    for action, value in exact.values.items():
        close(floats.values[action], value)


# --- the contract's action lists ------------------------------------------------------------------------


def test_quitlok_actions_in_contract_order():
    assert list(advise([6, 5], [], QUITLOK, stake=0, room=2).values) == list(QUITLOK_ACTIONS) == [
        "stay", "blot", "bet", "blot+aluvun", "bet+aluvun"]
    assert list(advise([10], [], QUITLOK, stake=2, room=0).values) == ["stay", "blot"]


def test_kvitlach_actions_in_contract_order():
    assert list(advise([6, 5], [], KVITLACH, stake=1, room=1).values) == list(KVITLACH_ACTIONS) == [
        "stay", "draw", "draw+aluvun", "raise+aluvun"]
    assert set(action_words(QUITLOK)) == set(QUITLOK_ACTIONS) | set(KVITLACH_ACTIONS)
    assert action_words(KVITLACH)["raise+aluvun"] == "call elvaroon and raise"
    assert list(advise([6, 5], [], KVITLACH, stake=1, room=0).values) == ["stay", "draw", "draw+aluvun"]


def test_six_and_five_should_call_aluvun():
    advice = advise([6, 5], [], QUITLOK, stake=1, room=3)
    assert advice.best.endswith("+aluvun")
    assert advice.busting == 2 and advice.unseen == 22 and advice.making_21 == 2  # the two 10s
    assert "2 of the 22 unseen cards would bust you" in advice.reason
    assert "from 9.1% to 0.43%" in advice.reason


def test_advice_carries_both_bust_chances():
    advice = advise([10, 5], [], QUITLOK, stake=1, room=1, exact=True)
    assert not advice.aluvun_callable and advice.bust_with_aluvun == advice.bust == bust_chance([10, 5], [], QUITLOK,
                                                                                                  exact=True)
    six_five = advise([6, 5], [], QUITLOK, exact=True)
    assert six_five.aluvun_callable and (six_five.bust, six_five.bust_with_aluvun) == (Fraction(1, 11),
                                                                                        Fraction(1, 231))


def test_ties_go_to_the_earlier_action():
    advice = advise([5], [], QUITLOK, stake=0, room=0)
    assert advice.values["stay"] == advice.values["blot"] == 0 and advice.best == "stay"


# --- bad input ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("call", "message"), [
    (lambda: next_card_odds([13], [], QUITLOK), "13 is not a card"),
    (lambda: bust_chance([5, 5], [5], QUITLOK), "3 cards numbered 5"),
    (lambda: bust_chance([], [], QUITLOK), "empty"),
    (lambda: stay_value([], [], QUITLOK), "empty"),
    (lambda: advise([], [], QUITLOK), "empty"),
    (lambda: next_card_odds([], QUITLOK.pack, QUITLOK), "pool: empty"),
    (lambda: banker_outcomes([1], seen_leaving((), (1,)), QUITLOK), "pool: empty"),
    (lambda: advise([0], [], QUITLOK), "0 is not a card"),
])
def test_bad_input_raises_invalid_cards_naming_the_problem(call, message):
    with pytest.raises(InvalidCards, match=message):
        call()


def test_bad_stakes_and_banker_models_are_refused():
    with pytest.raises(InvalidSetup, match="stake"):
        advise([5], [], QUITLOK, stake=-1)
    with pytest.raises(InvalidSetup, match="stands on a total from 1 to 21"):
        stay_value([5], [], QUITLOK, stands_on=30)


def test_aluvun_on_a_lone_11_only_without_the_framed_pair():
    assert not advise([11], [], QUITLOK).aluvun_callable
    assert "not called on a lone 11" in advise([11], [], QUITLOK).facts
    plain = replace(QUITLOK, framed_pair_21=False)  # then 11 + 11 = 22: the call guards against a bust
    advice = advise([11], [], plain, exact=True)
    assert advice.aluvun_callable and "lone 11" not in advice.facts
    assert advice.bust_with_aluvun < advice.bust == Fraction(1, 23)


def test_the_bet_first_strategy_table_asks_the_first_question_bet_or_stay_out():
    from quitlok.odds import first_bets, position_value, strategy_table
    rows = strategy_table(KVITLACH, exact=True)
    assert {row["stands_on"] for row in rows} == set(KVITLACH.banker_models)
    assert {row["best"] for row in rows} == {"bet", "stay"}  # some first cards are worth a bet, others not
    for row in rows:
        bet = position_value([row["card"]], [], KVITLACH, stake=1, room=0, stands_on=row["stands_on"], exact=True)
        assert row["bet"] == bet == first_bets([row["card"]], [], KVITLACH, room=1, stands_on=row["stands_on"],
                                                exact=True)[1]
        assert row["stay"] == 0 and row["best"] == ("bet" if bet > 0 else "stay")


# --- who has the edge: player_edge and edge_outcomes (SPEC section 3) ------------------------------------


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH], ids=["Quitlok", "Kvitlach"])
def test_player_edge_is_the_average_over_first_cards_of_best_play(rules):
    """SPEC: betting at any time, position_value([c], [], stake=0, room=1); bet-first, bet one chip before
    the second card or stay out (0); averaged over the first card."""
    for stands_on in rules.banker_models:
        if rules.bet_first:
            each = [max(Fraction(0), position_value([c], [], rules, stake=1, room=0, stands_on=stands_on, exact=True))
                    for c in range(1, 13)]
        else:
            each = [position_value([c], [], rules, stake=0, room=1, stands_on=stands_on, exact=True)
                    for c in range(1, 13)]
        edge = player_edge(rules, stands_on=stands_on, exact=True)
        assert edge == sum(each) / 12
        assert abs(player_edge(rules, stands_on=stands_on) - float(edge)) < 1e-12
        outcomes = edge_outcomes(rules, stands_on=stands_on, exact=True)
        assert outcomes.win - outcomes.lose == outcomes.edge == edge
        assert outcomes.win + outcomes.lose + outcomes.out == 1
        assert all(0 < p < 1 for p in (outcomes.win, outcomes.lose, outcomes.out))


def test_a_kvitlach_player_never_stakes_a_chip_on_a_first_card_best_play_stays_out_on():
    bets = [c for c in range(1, 13) if position_value([c], [], KVITLACH, stake=1, room=0, exact=True) > 0]
    assert edge_outcomes(KVITLACH, exact=True).out == Fraction(12 - len(bets), 12)


@pytest.mark.parametrize("stands_on", [0, 22, 17.5, "17", True])
def test_player_edge_refuses_a_banker_model_that_cannot_be(stands_on):
    with pytest.raises(InvalidSetup):
        player_edge(QUITLOK, stands_on=stands_on)
    with pytest.raises(InvalidSetup):
        player_edge("Quitlok")


# --- memory: one budget for every solver's memos ------------------------------------------------------


def test_the_memos_of_all_solvers_stay_within_one_budget(monkeypatch):
    import random

    from quitlok import odds

    monkeypatch.setattr(odds, "MEMO_BUDGET", 20_000)
    odds._SOLVERS.clear()
    rng = random.Random(3)
    variants = [QUITLOK, KVITLACH, replace(QUITLOK, copies=4), replace(QUITLOK, twelve_values=(12, 10, 9))]
    for _ in range(150):
        rules = rng.choice(variants)
        hand = [rng.randint(1, 12) for _ in range(rng.randint(1, 2))]
        seen = [rng.randint(1, 12) for _ in range(rng.randint(0, 8))]
        question = {"stake": 1, "room": rng.randint(0, 2), "stands_on": rng.choice(rules.banker_models)}
        try:
            advice = advise(hand, seen, rules, **question)
        except InvalidCards:
            continue
        asked = (hand, seen, rules, question)
        # every solver but the one just asked within the budget; a single question within half of it per memo
        assert odds._SOLVERS.weight() <= 3 * odds.MEMO_BUDGET
    odds._SOLVERS.clear()  # forgetting changes no answer
    hand, seen, rules, question = asked
    assert advise(hand, seen, rules, **question).values == pytest.approx(advise(hand, seen, rules, **question).values)
    assert advise(hand, seen, rules, **question).values == pytest.approx(advice.values)


def test_arguments_are_checked_before_any_cached_answer():
    advise([6, 5], [], QUITLOK, stands_on=17)
    with pytest.raises(InvalidSetup):
        advise([6, 5], [], QUITLOK, stands_on=17.0)
    with pytest.raises(InvalidSetup):
        advise([6, 5], [], QUITLOK, exact=1)


def test_a_huge_argument_is_named_shortly():
    with pytest.raises(InvalidSetup) as problem:
        advise([6, 5], [], QUITLOK, stake=10**5000)
    assert len(str(problem.value)) < 120 and "digits" in str(problem.value)


@pytest.mark.parametrize(("hand", "pool", "rules"), POSITIONS[:5] + [((9, 2), (11, 11, 12, 8, 10), KVITLACH)])
@pytest.mark.parametrize(("stake", "room"), [(0, 2), (1, 3)])
def test_the_pool_solver_the_fast_path_equals_the_pool_brute_force(hand, pool, rules, stake, room):
    """The memoised pool solver, which answers wherever no reshuffle can be reached, against a brute force that
    draws from the pool alone (every ordering)."""
    from quitlok import odds

    seen = seen_leaving(pool, hand, rules)
    packed = odds.pack_counts([Counter(pool)[rank] for rank in range(1, 13)])
    values = odds.solver_for(rules, 17, True).actions(odds.summarize(hand), packed, stake, room)
    assert values == brute_advise(hand, seen, rules, stake, room, 17)
