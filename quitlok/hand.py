"""Counting a hand: 12s count several ways, and a framed first pair counts 21."""

from collections.abc import Iterable

from quitlok.cards import check_cards, is_framed
from quitlok.i18n import N_
from quitlok.rulebook import best_total, framed_pair, may_call_aluvun
from quitlok.rules import RuleSet
from quitlok.validate import rule_set


def is_framed_pair(cards: tuple[int, ...], rules: RuleSet) -> bool:
    """True for a two-card hand of two framed cards when the rules make it 21."""
    return framed_pair(len(cards), sum(map(is_framed, cards)), framed_pair_21=rules.framed_pair_21)


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
    return counted(check_cards(cards, rule_set(rules).copies, N_("hand")), rules)


def counted(cards: tuple[int, ...], rules: RuleSet) -> int:
    """`hand_value` of cards already known to be good (a hand the engine dealt itself): the same count, without
    checking the cards again on every step of a game."""
    if is_framed_pair(cards, rules):
        return 21
    return best_total(totals(cards, rules))


def can_call_aluvun(cards: Iterable[int], rules: RuleSet) -> bool:
    """True when aluvun is in the rules, one of the hand's totals is exactly 11, and the hand is not a lone 11
    (`quitlok.rulebook.may_call_aluvun`)."""
    cards = tuple(cards)
    return may_call_aluvun(rules, totals(cards, rules), cards == (11,))
