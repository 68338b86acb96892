"""Cards and packs: a Quitli pack holds two (or four) cards of each number 1 to 12.

Cards are plain ints (their number). The 2s and 11s are *framed*: printed with a
decorated border, and two framed cards as a hand's first two make 21.
"""

from collections import Counter
from collections.abc import Iterable, Mapping, Set

from quitlok.errors import InvalidCards, shown
from quitlok.i18n import _, ngettext

RANKS = tuple(range(1, 13))
FRAMED = frozenset({2, 11})


def is_framed(rank: int) -> bool:
    """True for the framed cards, the 2s and 11s."""
    return rank in FRAMED


def make_pack(copies: int) -> tuple[int, ...]:
    """A whole pack in rank order: `copies` cards of each number 1 to 12."""
    return tuple(rank for rank in RANKS for _ in range(copies))


def check_cards(cards: Iterable[int], copies: int, what: str = "cards") -> tuple[int, ...]:
    """Return `cards` as a tuple, or raise InvalidCards naming the first problem.

    A card must be an int from 1 to 12, and no number may appear more often than
    the pack holds (`copies` of each). `what` names the cards in the message: English, marked for the catalog
    where it is written (`N_("seen cards")`), said in the current language.
    """
    # a set or a dict is no hand: it has no order and no second copy of a card ({6: 1, 5: 1} is not 6 and 5)
    if isinstance(cards, str | bytes | Mapping | Set) or not isinstance(cards, Iterable):
        # Translators: {what} names the cards asked about ("hand", "seen cards").
        raise InvalidCards(_("{what}: {value} is not a list of cards; give the numbers, such as [6, 5]").format(
            what=_(what), value=shown(cards)))
    cards = tuple(cards)
    for card in cards:
        if isinstance(card, bool) or not isinstance(card, int) or not 1 <= card <= 12:
            raise InvalidCards(_("{what}: {value} is not a card; cards are numbered 1 to 12").format(
                what=_(what), value=shown(card)))
    for rank, count in sorted(Counter(cards).items()):
        if count > copies:
            raise InvalidCards(ngettext("{what}: {count} cards numbered {rank}, but the pack holds only {copies}",
                                        "{what}: {count} cards numbered {rank}, but the pack holds only {copies}",
                                        copies).format(what=_(what), count=count, rank=rank, copies=copies))
    return cards


def plural(n: int, noun: str) -> str:
    """'1 card', '2 cards'."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def card_name(rank: int) -> str:
    """How a card is called in plain words: '7', or 'framed 11'."""
    return f"framed {rank}" if is_framed(rank) else str(rank)


def a_card(rank: int) -> str:
    """The card with its article, for sentences: 'a 7', 'an 8', 'a framed 11'."""
    name = card_name(rank)
    return ("an " if name[0] == "8" else "a ") + name
