"""What happens at a table, as small frozen facts: the engine's log (`State.events`) is a tuple of these.

The engine reports facts; it writes no sentences. `quitlok.narration` is the one module that turns events
into words, and `quitlok.game.observe` gives one seat its view of them. Seats are indices into the game's
`players`; cards are ints 1-12.

Every event knows which seats may see the cards (or the secret) it carries (`secret_from`) and what is left
of it for a seat that may not (`hidden`: the same event with its cards replaced by None, or `private` False
for a secret without a card). What is secret:

- a card dealt face down (`CardDealt` with `face_up` False): its seat's alone;
- the banker's retire chance (`MayRetire`) and his keeping the bank (`KeptBank`): they name, or tell, his
  face-down first card (a 4 or a 7); his alone. If he retires he shows the card (`Retired`, for everyone);
- a protected 11 that came face down (`ElevenProtected` with `face_up` False): its seat's alone while he
  decides; his decision (`ElevenRejected`, `ElevenKept`, the very next event) shows it to everyone
  (`revealed_by`): a rejected 11 goes face up under the stock, and a kept one ends the turn with the hand
  shown (11 plus 11 is 21 or a bust).

Everything else is public: blots, the banker's face-up cards and draws, every hand shown at a settlement, a
bust or a 21 (all thrown-in cards lie face up under the stock).
"""

from dataclasses import dataclass, fields, replace

__all__ = [
    "AluvunCalled", "BankBroken", "BankOffered", "BankPassed", "BankStaked", "BankTakenBack", "BankerBust",
    "BankerDrew", "BankerEarly", "BankerTurnedUp", "BetPlaced", "BlotAsked", "CardDealt", "ElevenKept",
    "ElevenProtected", "ElevenRejected", "Event", "FaceDownTaken", "GameOver", "HandDealt", "KeptBank",
    "MayRetire", "NewCard", "Note", "NothingToSettle", "Prose", "Reshuffled", "Retired", "SatOut", "Settled",
    "SharePaid", "Stayed", "Stood", "TurnBegan", "TwentyOne", "WentBust", "EVENT_TYPES",
]


@dataclass(frozen=True)
class Event:
    """The base of every event: public unless a subclass says otherwise."""

    def secret_from(self, seat: int | None) -> bool:
        """True when `seat` (None: an onlooker) may not see what this event carries."""
        return False

    def hidden(self) -> "Event":
        """The event as a seat that may not see its secret reads it: its cards are None."""
        return self

    def revealed_by(self, later: "Event") -> bool:
        """True when `later`, the event that follows this one, shows its secret to everyone."""
        return False

    def cards(self) -> tuple[int, ...]:
        """The cards this event names (None for a hidden one is left out)."""
        return ()


@dataclass(frozen=True)
class _SeatSecret(Event):
    """An event whose `card` only `seat` may see (while `face_up` is False)."""

    seat: int
    card: int | None

    def secret_from(self, seat: int | None) -> bool:
        return not getattr(self, "face_up", False) and seat != self.seat

    def hidden(self) -> "Event":
        return replace(self, card=None)

    def cards(self) -> tuple[int, ...]:
        return () if self.card is None else (self.card,)


# --- the bank ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BankOffered(Event):
    """A new banker who chooses his stake may stake from `least` to `most` chips."""

    seat: int
    least: int
    most: int


@dataclass(frozen=True)
class BankStaked(Event):
    """The banker takes the bank and stakes `bank` chips."""

    seat: int
    bank: int


@dataclass(frozen=True)
class SharePaid(Event):
    """A player adds his share to a new bank (Kvitlach)."""

    seat: int
    share: int


@dataclass(frozen=True)
class SatOut(Event):
    """A player cannot pay his share of `share` and still bet: he pays nothing and sits out this bank."""

    seat: int
    share: int


@dataclass(frozen=True)
class BankTakenBack(Event):
    """Nobody who joined the bank has chips left: the banker takes back the bank of `bank`."""

    seat: int
    bank: int


@dataclass(frozen=True)
class BankPassed(Event):
    """The bank passes to the right, to `seat`."""

    seat: int


@dataclass(frozen=True)
class BankBroken(Event):
    """The bank is empty: the hand ends."""


@dataclass(frozen=True)
class GameOver(Event):
    """The game is over; `sitting_out` says why (somebody could not pay a share, else too few seats have chips);
    `winners` hold the most chips, `best`."""

    sitting_out: bool
    winners: tuple[int, ...]
    best: int


# --- dealing and cards -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class HandDealt(Event):
    """Hand `hand` of `banker`'s bank (bank `bank`) is dealt in `direction` (+1 clockwise), `first` first."""

    hand: int
    banker: int
    bank: int
    direction: int
    first: int


@dataclass(frozen=True)
class CardDealt(_SeatSecret):
    """A card comes to `seat`: face down (its seat's alone) or face up (everyone's). A face-up card a player
    takes (a blot) is told ("Bella gets a 7."); a banker's face-up draw is told by BankerDrew instead."""

    face_up: bool = False
    told: bool = False


@dataclass(frozen=True)
class Reshuffled(Event):
    """The stock was down to its last card: shuffled with `face_up` face-up cards into a new stock of `size`."""

    face_up: int
    size: int


# --- a player's turn -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnBegan(Event):
    seat: int


@dataclass(frozen=True)
class BlotAsked(Event):
    seat: int


@dataclass(frozen=True)
class BetPlaced(Event):
    """A bet (or a raise) of `n`, making the stake `stake`. `with_card`: a face-down card comes with it
    (Quitlok's bets, Kvitlach's raise after elvaroon); without, Kvitlach's bet before any extra card.
    `raised`: it is called a raise (Kvitlach)."""

    seat: int
    n: int
    stake: int
    with_card: bool
    raised: bool


@dataclass(frozen=True)
class FaceDownTaken(Event):
    """A Kvitlach player takes a face-down card."""

    seat: int


@dataclass(frozen=True)
class AluvunCalled(Event):
    """The call at 11, in the tradition's word (`word`: aluvun or elvaroon): the next card is protected."""

    seat: int
    word: str


@dataclass(frozen=True)
class ElevenProtected(_SeatSecret):
    """The protected card is an 11 (`card`), and the player may reject it. Dealt face down it is his alone
    until he decides (the next event)."""

    word: str = "aluvun"
    face_up: bool = False

    def revealed_by(self, later: Event) -> bool:
        return isinstance(later, ElevenRejected | ElevenKept) and later.seat == self.seat


@dataclass(frozen=True)
class ElevenRejected(Event):
    """The protected 11 is rejected: it goes face up under the stock and the next card comes."""

    seat: int


@dataclass(frozen=True)
class ElevenKept(Event):
    seat: int


@dataclass(frozen=True)
class WentBust(Event):
    """A player busts with `value`; his `stake` (maybe 0) goes to the bank."""

    seat: int
    value: int
    stake: int


@dataclass(frozen=True)
class TwentyOne(Event):
    """A player has exactly 21 and is paid `stake` at once (nothing when 0)."""

    seat: int
    stake: int


@dataclass(frozen=True)
class Stayed(Event):
    """A player stays: with his `stake` open, or with none (his cards are thrown in)."""

    seat: int
    stake: int


# --- the hand's course -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class BankerEarly(Event):
    """The open stakes cover the whole bank: the banker plays now."""


@dataclass(frozen=True)
class NothingToSettle(Event):
    """No stake is open when every player has played: the hand ends."""


# --- the banker -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MayRetire(_SeatSecret):
    """The banker's first card (`card`, a 4 or a 7) in hand `hand` lets him retire: his alone."""

    hand: int = 0

    def hidden(self) -> Event:
        return replace(self, card=None, hand=0)


@dataclass(frozen=True)
class KeptBank(_SeatSecret):
    """The banker keeps the bank after a retire chance (`card`, his first card): his alone, as at a table where
    the card stays face down."""


@dataclass(frozen=True)
class Retired(Event):
    """The banker shows `card`, retires and takes the bank of `bank`."""

    seat: int
    card: int
    bank: int

    def cards(self) -> tuple[int, ...]:
        return (self.card,)


@dataclass(frozen=True)
class BankerTurnedUp(Event):
    """The banker turns up his `hand` and plays against `open_stakes` chips."""

    seat: int
    hand: tuple[int, ...]
    open_stakes: int

    def cards(self) -> tuple[int, ...]:
        return self.hand


@dataclass(frozen=True)
class BankerDrew(Event):
    """The banker draws `card` face up, making `value`."""

    seat: int
    card: int
    value: int

    def cards(self) -> tuple[int, ...]:
        return (self.card,)


@dataclass(frozen=True)
class Stood(Event):
    seat: int
    value: int


@dataclass(frozen=True)
class BankerBust(Event):
    """The banker is bust: every open stake wins."""

    seat: int


@dataclass(frozen=True)
class Settled(Event):
    """A player's open `stake` is settled: he shows `value` and wins it, or loses it (`tie`: on the banker's
    own value)."""

    seat: int
    value: int
    stake: int
    won: bool
    tie: bool


@dataclass(frozen=True)
class NewCard(Event):
    """After a settlement the banker takes a new card for the players still to play (CardDealt carries it)."""

    seat: int


# --- words from elsewhere ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Prose(Event):
    """A line of words that is no engine fact: a room's own note (a seat left, a pause), or a line of a game saved
    before the log was events. It narrates as its text."""

    text: str


@dataclass(frozen=True)
class Note(Prose):
    """A room's own note (a seat left, a pause, the end), said in each reader's language: `text` is the English
    sentence as the catalog knows it (marked with N_ where it is written), with the {name} of a seat, the {style}
    of a computer player (a key: quitlok.bots.style_name) and a number of {minutes} where it has them. A Prose,
    so that whatever treats a room's notes apart from the engine's facts treats these alike."""

    name: str = ""
    style: str = ""
    minutes: int = 0


EVENT_TYPES: dict[str, type[Event]] = {
    cls.__name__: cls for cls in (
        BankOffered, BankStaked, SharePaid, SatOut, BankTakenBack, BankPassed, BankBroken, GameOver, HandDealt,
        CardDealt, Reshuffled, TurnBegan, BlotAsked, BetPlaced, FaceDownTaken, AluvunCalled, ElevenProtected,
        ElevenRejected, ElevenKept, WentBust, TwentyOne, Stayed, BankerEarly, NothingToSettle, MayRetire,
        KeptBank, Retired, BankerTurnedUp, BankerDrew, Stood, BankerBust, Settled, NewCard, Prose, Note)
}


def event_to_dict(event: Event) -> dict:
    """An event as plain JSON values: its type's name under "e", then its fields (tuples as lists)."""
    out: dict = {"e": type(event).__name__}
    for f in fields(event):
        value = getattr(event, f.name)
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def event_from_dict(data: object) -> Event:
    """The event of `event_to_dict`; ValueError (or TypeError) naming the problem for anything else."""
    if isinstance(data, str):  # a line of a game saved before the log was events
        return Prose(data)
    if not isinstance(data, dict) or data.get("e") not in EVENT_TYPES:
        raise ValueError(f"unknown event {str(data)[:60]!r}")
    cls = EVENT_TYPES[data["e"]]
    names = {f.name for f in fields(cls)}
    values = {k: v for k, v in data.items() if k != "e"}
    if set(values) != names:
        raise ValueError(f"event {data['e']} needs the fields {', '.join(sorted(names))}")
    for f in fields(cls):
        value = values[f.name]
        if isinstance(value, list):
            value = values[f.name] = tuple(value)
        if not _is_a(value, f.type):
            raise ValueError(f"event {data['e']}: {f.name} is not of its kind ({f.type})")
    return cls(**values)


def _is_a(value: object, kind: object) -> bool:
    """`value` is of the field's type: int (never a bool), bool, str, int | None, or a tuple of ints."""
    if kind is bool:
        return isinstance(value, bool)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is str:
        return isinstance(value, str)
    if kind == int | None:
        return value is None or _is_a(value, int)
    if kind == tuple[int, ...]:
        return isinstance(value, tuple) and all(_is_a(v, int) for v in value)
    raise TypeError(f"no check for a field of type {kind}")
