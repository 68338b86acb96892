"""The decisions a seat can take, as small frozen values (never strings or magic ints)."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Blot:
    """Quitlok: take a free face-up card; nothing is won or lost by it."""


@dataclass(frozen=True)
class Bet:
    """Bet (or raise) `n` chips.

    Quitlok: a face-down card comes with every bet. Kvitlach: the one bet before
    any extra card (no card comes with it), or, right after Aluvun, a raise that
    comes with the protected card.
    """

    n: int


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


Action = Blot | Bet | Draw | Stay | Aluvun | Reject | Keep | Stand | Retire | KeepBank


def describe(action: Action) -> str:
    """A short label for a button or a log: 'Bet 3', 'Call aluvun'."""
    labels = {
        Blot: "Blot (free face-up card)",
        Draw: "Draw a card",
        Stay: "Stay",
        Aluvun: "Call aluvun",
        Reject: "Reject the 11",
        Keep: "Keep the 11",
        Stand: "Stand",
        Retire: "Retire with the bank",
        KeepBank: "Keep the bank",
    }
    if isinstance(action, Bet):
        return f"Bet {action.n}"
    return labels[type(action)]
