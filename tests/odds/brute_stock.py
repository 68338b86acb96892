"""A brute force that deals as the table does (quitlok.game's `_Table.draw`), for tests/odds/test_stock.py.

Nothing here comes from quitlok.odds. The unseen cards are laid out in every distinct order, each equally
likely: the first `stock.cards` are the stock's face-down cards from the top, the next is the banker's
face-down card (the rest are held elsewhere at the table). A card is taken from the top of the stock; when
the stock has at most one card and cards lie face up under it, those are shuffled into a new stock first:
a new stock's orders are enumerated card by card (its next card is each of its cards in turn, equally
likely), which is the same as enumerating all its orders. The player's best play is an expectimax over what
he has observed (the cards he got), with every layout consistent with it; the banker stands on `stands_on`,
or when no card is left.
"""

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import permutations

from quitlok import hand_value
from quitlok.hand import totals

BUST = "bust"


def unseen_cards(hand, seen, rules):
    return sorted((Counter(rules.pack) - Counter(hand) - Counter(seen)).elements())


def layouts(hand, seen, rules, cards, under):
    """{(stock, shuffled, banker's card, under): weight}: every distinct order of the unseen cards, merged."""
    unseen = unseen_cards(hand, seen, rules)
    orders = set(permutations(unseen))
    world = Counter()
    for order in orders:
        world[(tuple(order[:cards]), False, order[cards], tuple(sorted(under)))] += 1
    total = sum(world.values())
    return tuple(sorted((scene, Fraction(w, total)) for scene, w in world.items()))


def draw(scene):
    """[(chance, card, scene after)] for the next card, as _Table.draw; [] when none is left."""
    stock, shuffled, banker, under = scene
    if len(stock) <= 1 and under:
        stock, shuffled, under = tuple(sorted(stock + under)), True, ()
    if not stock:
        return []
    if not shuffled:
        return [(Fraction(1), stock[0], (stock[1:], False, banker, under))]
    n = len(stock)
    return [(Fraction(1, n), card, (stock[:i] + stock[i + 1:], True, banker, under)) for i, card in enumerate(stock)]


def reject(scene):
    stock, shuffled, banker, under = scene
    return stock, shuffled, banker, tuple(sorted((*under, 11)))


def deal(world):
    """{card: world after it}, each world a tuple of (scene, weight) with the weights of all cards summing to 1."""
    by_card: dict[int, Counter] = {}
    for scene, w in world:
        for p, card, after in draw(scene):
            by_card.setdefault(card, Counter())[after] += w * p
    return {card: tuple(sorted(c.items())) for card, c in sorted(by_card.items())}


def weight(world):
    return sum(w for _, w in world)


def make(rules, stands_on):
    """The brute force's functions for one rule set and banker model."""

    @cache
    def banker_final(cards, scene):
        """{result: chance} of the banker holding `cards`, drawing on."""
        value = hand_value(list(cards), rules)
        if value >= stands_on:
            return {BUST if value > 21 else value: Fraction(1)}
        out: Counter = Counter()
        deals = draw(scene)
        if not deals:
            return {value: Fraction(1)}
        for p, card, after in deals:
            for result, q in banker_final((*cards, card), after).items():
                out[result] += p * q
        return dict(out)

    @cache
    def banker(world):
        total = weight(world)
        out: Counter = Counter()
        for scene, w in world:
            for result, q in banker_final((scene[2],), scene).items():
                out[result] += w * q / total
        return {result: p for result, p in out.items() if p}

    @cache
    def stay(hand, world):
        mine = hand_value(list(hand), rules)
        if mine > 21:
            return Fraction(-1)
        if mine == 21:
            return Fraction(1)
        return sum((p if r == BUST or r < mine else -p for r, p in banker(world).items()), Fraction(0))

    def after(hand, world, stake, room):
        v = hand_value(list(hand), rules)
        if v > 21:
            return Fraction(-stake)
        if v == 21:
            return Fraction(stake)
        return max(values(hand, world, stake, room).values())

    @cache
    def take(hand, world, stake, room, protected):
        total, result = weight(world), Fraction(0)
        for card, part in deal(world).items():
            outcome = after((*hand, card), part, stake, room)
            if protected and card == 11:
                rejected = tuple(sorted(Counter({reject(s): w for s, w in part}).items()))
                outcome = max(outcome, take(hand, rejected, stake, room, False))
            result += weight(part) / total * outcome
        return result

    @cache
    def values(hand, world, stake, room):
        result = {"stay": stake * stay(hand, world) if stake else Fraction(0)}
        if not deal(world):
            return result
        callable_ = rules.aluvun and 11 in totals(list(hand), rules) and not (
            list(hand) == [11] and rules.framed_pair_21)
        if rules.bet_first:
            result["draw"] = take(hand, world, stake, room, False)
            if callable_:
                result["draw+aluvun"] = take(hand, world, stake, room, True)
                if rules.elvaroon_raise and room:
                    result["raise+aluvun"] = take(hand, world, stake + room, 0, True)
            return result
        if rules.blots:
            result["blot"] = take(hand, world, stake, room, False)
        if room:
            result["bet"] = take(hand, world, stake + room, 0, False)
        if callable_ and rules.blots:
            result["blot+aluvun"] = take(hand, world, stake, room, True)
        if callable_ and room:
            result["bet+aluvun"] = take(hand, world, stake + room, 0, True)
        return result

    def next_card(world):
        total = weight(world)
        return {card: weight(part) / total for card, part in deal(world).items()}

    def bust(hand, world, aluvun):
        callable_ = aluvun and rules.aluvun and 11 in totals(list(hand), rules) and not (
            list(hand) == [11] and rules.framed_pair_21)
        total, result = weight(world), Fraction(0)
        for scene, w in world:
            for p, card, after_ in draw(scene):
                if hand_value([*hand, card], rules) <= 21:
                    continue
                if callable_ and card == 11:
                    result += w * p * sum((q for q, c, _ in draw(reject(after_))
                                           if hand_value([*hand, c], rules) > 21), Fraction(0))
                else:
                    result += w * p
        return result / total

    return values, stay, banker, next_card, bust


def brute(hand, seen, rules, cards, under, stands_on=17):
    """(values, stay, banker, next_card, bust) bound to one position: values(stake, room), stay(),
    banker(), next_card(), bust(aluvun)."""
    world = layouts(hand, seen, rules, cards, under)
    values, stay, banker, next_card, bust = make(rules, stands_on)
    hand = tuple(hand)
    return (lambda stake, room: values(hand, world, stake, room), lambda: stay(hand, world),
            lambda: banker(world), lambda: next_card(world), lambda aluvun: bust(hand, world, aluvun))
