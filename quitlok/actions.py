"""The decisions a seat can take, as small frozen values (never strings or magic ints)."""

from dataclasses import dataclass

from quitlok.errors import IllegalAction
from quitlok.i18n import _, pgettext
from quitlok.rules import call_word


@dataclass(frozen=True)
class Blot:
    """Quitlok: take a free face-up card; nothing is won or lost by it."""


@dataclass(frozen=True)
class Bet:
    """Bet (or raise) `n` chips.

    Quitlok: a face-down card comes with every bet. Kvitlach: the one bet before
    any extra card (no card comes with it), or, right after Aluvun, a raise that
    comes with the protected card.

    `n` must be a whole number of at least 1: `Bet(2.0)` or `Bet(True)` would compare
    equal to a legal bet and then corrupt the purses, so they are refused here.
    """

    n: int

    def __post_init__(self) -> None:
        if isinstance(self.n, bool) or not isinstance(self.n, int) or self.n < 1:
            raise IllegalAction(f"A bet is a whole number of chips, at least 1 (got {self.n!r}).")


@dataclass(frozen=True)
class Draw:
    """Take a card: the banker's face-up draw, or the Kvitlach player's face-down card."""


@dataclass(frozen=True)
class Stay:
    """End the turn: a stake stays open for the banker; with no stake the cards are thrown in."""


@dataclass(frozen=True)
class Aluvun:
    """Call 'eleven' at a total of 11: the next card taken is protected."""


@dataclass(frozen=True)
class Reject:
    """Throw in a protected 11 face-up and take the following card instead."""


@dataclass(frozen=True)
class Keep:
    """Keep a protected 11."""


@dataclass(frozen=True)
class Stand:
    """The banker stops drawing; the open stakes are settled."""


@dataclass(frozen=True)
class Retire:
    """The banker shows his 4 or 7, takes the whole bank and gives the bank up."""


@dataclass(frozen=True)
class KeepBank:
    """The banker may retire but plays on."""


@dataclass(frozen=True)
class StakeBank:
    """A new banker stakes `n` chips as his bank: at least the agreed opening bank, at most his purse.

    Only at tables where new bankers choose their stake (`new_game(..., choose_stake=True)`); elsewhere
    every new banker stakes the agreed opening bank.
    """

    n: int

    def __post_init__(self) -> None:
        if isinstance(self.n, bool) or not isinstance(self.n, int) or self.n < 1:
            raise IllegalAction(_("A bank is a whole number of chips, at least 1 (got {value}).").format(
                value=repr(self.n)))


Action = Blot | Bet | Draw | Stay | Aluvun | Reject | Keep | Stand | Retire | KeepBank | StakeBank


def describe(action: Action, aluvun_word: str = "aluvun", *, raising: bool = False) -> str:
    """A short label for a button or a log: 'Bet 3', 'Call aluvun'.

    `aluvun_word` is the tradition's name for the call at 11 ("elvaroon" in Kvitlach); `raising` is True
    for the Kvitlach bet that comes with elvaroon, which is a raise. `quitlok.game.action_label` fills both
    in from a game state.
    """
    if isinstance(action, Bet):
        # Translators: a move's label (a button): {n} chips.
        return (pgettext("move", "Raise {n}") if raising else pgettext("move", "Bet {n}")).format(n=action.n)
    if isinstance(action, StakeBank):
        return pgettext("move", "Stake a bank of {n}").format(n=action.n)
    if isinstance(action, Aluvun):
        # Translators: a move's label: {word} is the tradition's word for the call at 11 (aluvun, elvaroon).
        return pgettext("move", "Call {word}").format(word=call_word(aluvun_word))
    return {
        # Translators: a move's label: a free face-up card.
        Blot: lambda: pgettext("move", "Blot (free face-up card)"),
        Draw: lambda: pgettext("move", "Draw a card"),
        # Translators: a move's label: the player takes no more cards.
        Stay: lambda: pgettext("move", "Stay"),
        Reject: lambda: pgettext("move", "Reject the 11"),
        Keep: lambda: pgettext("move", "Keep the 11"),
        # Translators: a move's label: the banker stops drawing.
        Stand: lambda: pgettext("move", "Stand"),
        Retire: lambda: pgettext("move", "Retire with the bank"),
        KeepBank: lambda: pgettext("move", "Keep the bank"),
    }[type(action)]()
