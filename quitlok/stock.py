"""What a seat at a table knows of the stock (SPEC section 3, "The stock and the reshuffle").

The odds functions take a `Stock` as an optional argument. `None` means "more face-down cards than
can be drawn" (the Advisor's default): every unseen card but those held face down at the table lies in
the stock, and every seen card lies face up under it, so that a small pool is topped up by the
reshuffle rather than running dry.

At a table the engine knows both numbers exactly: `Stock.of(state)`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from quitlok.cards import check_cards
from quitlok.errors import InvalidCards, InvalidSetup, shown
from quitlok.i18n import N_, _
from quitlok.validate import is_whole

__all__ = ["Stock"]


@dataclass(frozen=True)
class Stock:
    """The stock as a seat sees it: how many face-down cards it holds, and the face-up cards under it.

    When the stock is down to its last face-down card and a card is needed, that card is shuffled with
    every face-up card under the stock into a new stock (SPEC section 2), so cards already seen come
    back into play. With nothing under the stock, the last card is dealt as it is.
    """

    #: face-down cards in the stock (its last card is dealt only when nothing lies under it; 0 then, until a
    #: card is thrown in: nobody can draw)
    cards: int
    #: the cards lying face up under the stock, in any order (they are among the seat's seen cards)
    under: tuple[int, ...] = ()

    @classmethod
    def of(cls, state) -> Stock:
        """The stock of a `quitlok.game.State` (every seat knows both: they are on the table)."""
        return cls(len(state.stock), tuple(state.under))

    def checked(self, seen: tuple[int, ...], copies: int) -> Stock:
        """This stock after checking it against the seat's seen cards; InvalidSetup or InvalidCards says
        what does not fit."""
        if not is_whole(self.cards) or self.cards < 0:
            raise InvalidSetup(_("stock: a whole number of face-down cards, 0 or more, not {value}").format(
                value=shown(self.cards)))
        if not isinstance(self.under, tuple | list):
            raise InvalidCards(_("stock: the cards under it are a list such as (3, 11), not {value}").format(
                value=shown(self.under)))
        under = check_cards(self.under, copies, N_("cards under the stock"))
        missing = Counter(under) - Counter(seen)
        if missing:
            raise InvalidCards(_("cards under the stock: they lie face up, so they are among the seen cards; "
                                 "{cards} are not").format(cards=sorted(missing.elements())))
        return Stock(int(self.cards), tuple(sorted(under)))
