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


#: the counted nouns the app says, each a sentence of the catalog, since its form follows the number (Czech has
#: three forms, Hebrew two or three)
_COUNTED = {
    "card": lambda n: ngettext("{n} card", "{n} cards", n),
    "face-up card": lambda n: ngettext("{n} face-up card", "{n} face-up cards", n),
    "face-down card": lambda n: ngettext("{n} face-down card", "{n} face-down cards", n),
    "chip": lambda n: ngettext("{n} chip", "{n} chips", n),
    "student": lambda n: ngettext("{n} student", "{n} students", n),
    "question": lambda n: ngettext("{n} question", "{n} questions", n),
    "quiz question": lambda n: ngettext("{n} quiz question", "{n} quiz questions", n),
    "class question": lambda n: ngettext("{n} class question", "{n} class questions", n),
    "lesson": lambda n: ngettext("{n} lesson", "{n} lessons", n),
    "day": lambda n: ngettext("{n} day", "{n} days", n),
    "position": lambda n: ngettext("{n} position", "{n} positions", n),
    "earlier hand": lambda n: ngettext("{n} earlier hand", "{n} earlier hands", n),
}


def plural(n: int, noun: str) -> str:
    """'1 card', '2 cards', in the current language: `noun` is one of the counted nouns above (another noun,
    which no catalog holds, is said in English)."""
    say = _COUNTED.get(noun)
    if say is None:
        return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
    return say(n).format(n=n)


def card_name(rank: int) -> str:
    """How a card is called in plain words: '7', or 'framed 11' (in the current language)."""
    # Translators: a 2 or an 11, the cards printed with a decorated frame; {rank} is the number
    return _("framed {rank}").format(rank=rank) if is_framed(rank) else str(rank)


def a_card(rank: int) -> str:
    """The card with its article, for sentences: 'a 7', 'an 8', 'a framed 11' (in the current language)."""
    if is_framed(rank):
        # Translators: "a framed 11": a 2 or an 11 with its article, inside a sentence ("Dov gets a framed 11.")
        return _("a framed {rank}").format(rank=rank)
    if rank == 8:
        # Translators: the card 8 with its article, inside a sentence ("Dov gets an 8."); English says "an" here
        return _("an {rank}").format(rank=rank)
    # Translators: a card with its article, inside a sentence ("Dov gets a 7.")
    return _("a {rank}").format(rank=rank)
