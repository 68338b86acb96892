"""Counting a hand: 12s count several ways, and a framed first pair counts 21."""

from collections.abc import Iterable

from quitlok.cards import check_cards, is_framed
from quitlok.rules import RuleSet
from quitlok.validate import rule_set


def is_framed_pair(cards: tuple[int, ...], rules: RuleSet) -> bool:
    """True for a two-card hand of two framed cards when the rules make it 21."""
    return rules.framed_pair_21 and len(cards) == 2 and all(map(is_framed, cards))


def totals(cards: Iterable[int], rules: RuleSet) -> frozenset[int]:
    """Every total the hand can count, one for each way of valuing its 12s."""
    base = 0
    sums = {0}
    for card in cards:
        if card == 12:
            sums = {s + v for s in sums for v in rules.twelve_values}
        else:
            base += card
    return frozenset(base + s for s in sums)


def hand_value(cards: Iterable[int], rules: RuleSet) -> int:
    """The hand's value (SPEC section 1).

    Two framed first cards make 21; otherwise the largest total not over 21, or,
    when every total is over 21, the smallest (the hand is bust).
    """
    cards = check_cards(cards, rule_set(rules).copies, "hand")
    if is_framed_pair(cards, rules):
        return 21
    options = totals(cards, rules)
    fitting = [t for t in options if t <= 21]
    return max(fitting) if fitting else min(options)


def can_call_aluvun(cards: Iterable[int], rules: RuleSet) -> bool:
    """True when aluvun is in the rules, one of the hand's totals is exactly 11, and the hand is not a lone 11.

    On a lone 11 the only card the call could guard against is the second 11, which makes the framed pair,
    21: the Czech rules say the call does not apply, and the other sources that nobody would make it. (Under
    a house rule without the framed pair, 11 + 11 is 22, bust, and the call guards against it as usual.)
    """
    cards = tuple(cards)
    lone_11 = cards == (11,) and rules.framed_pair_21
    return rules.aluvun and not lone_11 and 11 in totals(cards, rules)
