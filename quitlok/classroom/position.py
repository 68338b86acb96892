"""What a class question shows: the seats with their cards, face up or down, and what lies under the stock.

A position is seen through the eyes of one seat, `you` (the seat the class plays), as the table would
show it to that seat: your own cards with their numbers (face down ones too: only you see them), other
seats' face-up cards with their numbers, and other seats' face-down cards as `None` (the page draws a
card back). The cards with numbers never hold more copies of a number than the pack does, and the
hidden ones fit in what is left of the pack; a position that breaks this is refused when it is built.
"""

from collections import Counter
from dataclasses import dataclass

from quitlok.cards import check_cards
from quitlok.classroom.errors import BadQuestion
from quitlok.hand import hand_value
from quitlok.rules import RuleSet
from quitlok.validate import rule_set, whole_number


@dataclass(frozen=True)
class SeatView:
    """One seat as the class sees it: a name, cards in the order received (None: a face-down card the class
    may not see) with a face-up flag each, and the chips the seat has at stake."""

    name: str
    cards: tuple[int | None, ...]
    face_up: tuple[bool, ...]
    stake: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))
        object.__setattr__(self, "face_up", tuple(self.face_up))
        if len(self.cards) != len(self.face_up):
            raise BadQuestion(f"{self.name}: {len(self.cards)} cards but {len(self.face_up)} face-up flags.")
        if any(card is None and up for card, up in zip(self.cards, self.face_up, strict=True)):
            raise BadQuestion(f"{self.name}: a face-up card always shows its number.")

    @property
    def known(self) -> tuple[int, ...]:
        """The cards whose numbers the class sees."""
        return tuple(card for card in self.cards if card is not None)

    @property
    def hidden(self) -> int:
        """How many of the seat's cards the class sees only from the back."""
        return self.cards.count(None)


@dataclass(frozen=True)
class Position:
    """A table at one moment, for a page to draw and a test to check.

    `seats` are in clockwise order; `banker` and `you` are seat indexes (None when the question has no
    banker, or is not asked from a player's seat). `under` holds the thrown-in cards lying face up under the
    stock, oldest first. `bank`, `room` (how many more chips `you` may bet now) and `max_bet` (the table's
    agreed maximum bet, Kvitlach) are chips, None where the question does not need them; `hand_number` is
    the hand of the current bank (from 1); `stands_on` is the total the banker is taken to draw to when
    values in chips are worked out (None where no value is).
    """

    rules: RuleSet
    seats: tuple[SeatView, ...]
    banker: int | None = None
    you: int | None = None
    under: tuple[int, ...] = ()
    bank: int | None = None
    hand_number: int = 1
    room: int | None = None
    max_bet: int | None = None
    stands_on: int | None = None

    def __post_init__(self) -> None:
        rules = rule_set(self.rules)
        object.__setattr__(self, "seats", tuple(self.seats))
        object.__setattr__(self, "under", tuple(self.under))
        if not self.seats or not all(isinstance(seat, SeatView) for seat in self.seats):
            raise BadQuestion("A position needs at least one seat, each a SeatView.")
        for name, index in (("banker", self.banker), ("you", self.you)):
            if index is not None and not 0 <= index < len(self.seats):
                raise BadQuestion(f"The {name} seat {index} is not one of the {len(self.seats)} seats.")
        if self.you is not None and self.seats[self.you].hidden:
            raise BadQuestion("Your own cards always show their numbers to you.")
        known = check_cards(self.known_cards, rules.copies, "the cards on the table")
        if self.hidden > rules.pack_size - len(known):
            raise BadQuestion(f"{self.hidden} face-down cards, but only {rules.pack_size - len(known)} cards of "
                              "the pack are not shown.")

    @property
    def known_cards(self) -> tuple[int, ...]:
        """Every card whose number is shown: all seats' and those under the stock."""
        return tuple(card for seat in self.seats for card in seat.known) + self.under

    @property
    def hidden(self) -> int:
        """Face-down cards the class sees only from the back."""
        return sum(seat.hidden for seat in self.seats)

    @property
    def hand(self) -> tuple[int, ...]:
        """Your cards in the order received (empty when the question is not asked from a seat)."""
        return self.seats[self.you].known if self.you is not None else ()

    @property
    def stake(self) -> int:
        """Your chips at stake."""
        return self.seats[self.you].stake if self.you is not None else 0

    @property
    def seen(self) -> tuple[int, ...]:
        """Every card you know is out of the stock besides your own: other seats' face-up cards and the
        cards under the stock (as State.seen_by)."""
        shown = [card for index, seat in enumerate(self.seats) if index != self.you
                 for card, up in zip(seat.cards, seat.face_up, strict=True) if up]
        return tuple(shown) + self.under

    @property
    def unseen(self) -> int:
        """The pool: cards of the pack that are neither yours nor seen (other seats' face-down cards, the
        banker's and the stock), each as likely as the next to be any of them."""
        return self.rules.pack_size - len(self.hand) - len(self.seen)

    def pool(self) -> Counter:
        """The unseen cards as {number: copies}."""
        return Counter(self.rules.pack) - Counter(self.hand) - Counter(self.seen)

    def value(self, seat: int) -> int | None:
        """What a seat's cards count (None when some of them are face down to the class)."""
        cards = self.seats[whole_number("seat", seat, 0, len(self.seats) - 1)]
        return None if cards.hidden or not cards.cards else hand_value(cards.known, self.rules)

