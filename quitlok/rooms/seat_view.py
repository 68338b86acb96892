"""What one seat may see of a game: boardgame.io's player view, for Quitlok.

The store keeps the whole State; a seat gets `seat_state(state, seat)`, the same State with every secret
stripped: other seats' face-down cards become None, the stock becomes as many Nones as it holds cards,
the seed (from which the whole deal could be worked out) becomes None, and the log's events that carry a
face-down card of another seat are hidden. The page draws from this and nothing else, so it cannot leak a card.

It is drawn from `quitlok.game.observe`, the one way a seat sees the table: the log's events with every
secret hidden (the banker's retire chance, a protected 11 dealt face down and not yet decided), and while a
player decides on a protected 11 dealt face down, the other seats see him on his turn as after any other card
(phase TURN, no call pending), so nothing tells them the card is an 11.
"""

from dataclasses import dataclass, replace

from quitlok.actions import Action
from quitlok.bots import PLAYERS
from quitlok.events import Event
from quitlok.game import SeatStatus, State, observe
from quitlok.i18n import _
from quitlok.practice import PracticeTable
from quitlok.rooms.errors import RoomError
from quitlok.rules import RuleSet
from quitlok.seat_log import seat_events
from quitlok.validate import flag

__all__ = ["Night", "RoomView", "seat_events", "seat_state", "seat_table"]


@dataclass(frozen=True)
class Night:
    """One finished game of a room (a night of Hanukkah, for a family): each seat's name then, and the chips it
    won (positive) or lost (negative) against the starting chips."""

    players: tuple[str, ...]
    won: tuple[int, ...]


@dataclass(frozen=True)
class RoomView:
    """A room as one seat sees it: every secret of the other seats stripped (see the module's docstring).

    Before the game starts, `started` is False, `state` is None, `hands` are empty and `to_act`,
    `banker` and `phase` are None. Cards a seat may not see are None in `hands` and `state`.
    """

    code: str
    #: grows with every change of the room (a join, an action, a pause...): pass it back to `act`
    version: int
    #: this seat's index (always the current one, also after the host removed an earlier seat before the start);
    #: None for an onlooker (Rooms.watch), who sees every face-down card hidden
    seat: int | None
    players: tuple[str, ...]
    to_act: int | None
    banker: int | None
    bank: int
    purses: tuple[int, ...]
    stakes: tuple[int, ...]
    #: per seat, its cards in the order received, None for each card this seat may not see
    hands: tuple[tuple[int | None, ...], ...]
    #: this seat's legal actions now; empty when it is not its turn, or while the game is paused or over
    legal: tuple[Action, ...]
    #: the game's log as this seat may see it (quitlok.game.observe: every secret of another seat hidden), with
    #: the room's own notes (quitlok.events.RoomNote); quitlok.narration words it in the reader's language
    events: tuple[Event, ...]
    rules: RuleSet
    #: per seat, per card of `hands`: True when it lies face up
    face_up: tuple[tuple[bool, ...], ...]
    #: quitlok.game's phase (STAKE, RETIRE, TURN, PROTECTED, BANKER, OVER); None before the start
    phase: str | None
    max_bet: int | None
    opening_bank: int
    hand_number: int
    hands_dealt: int
    #: hands ended in the whole game: when it grows between two views, a hand has just ended
    hands_finished: int
    direction: int
    #: per seat, where it stands in the hand (quitlok.narration.status_line words it: "stayed on a stake of 2")
    status: tuple[SeatStatus, ...]
    #: per seat, how the previous hand ended for it, and its cards then (all public: thrown in face up)
    last_hand: tuple[SeatStatus, ...]
    last_cards: tuple[tuple[int, ...], ...]
    #: thrown-in cards lying face up under the stock, oldest first
    under: tuple[int, ...]
    #: how many face-down cards the stock holds
    stock_size: int
    sitting_out: tuple[bool, ...]
    #: the player to act has called aluvun (elvaroon) for his next card
    aluvun_called: bool
    started: bool
    paused: bool
    #: the host ended the game
    ended_by_host: bool
    #: the room ended the game because no person at the table had a chip left (only computers could play on)
    people_out: bool
    #: the room ended the game because every person had left the table: no person's page had said it was here
    #: for quitlok.rooms.store.GONE_SECONDS (the computers would have played on for nobody)
    abandoned: bool
    #: no more play: the game is over by the rules, or the host or the room ended it
    over: bool
    #: the host's seat (whoever created the room)
    host: int
    is_host: bool
    #: per seat: None for a person, else the computer player's style ("cautious", "bold", "best")
    styles: tuple[str | None, ...]
    #: each seat's chips in all: purse, open stake and, for the banker, the bank (the end-of-game count)
    chips: tuple[int, ...]
    #: the chips each seat started with
    starting_purse: int
    #: how the first banker was chosen: each round of the draw, as (seat, card) pairs
    banker_draws: tuple[tuple[tuple[int, int], ...], ...]
    #: the total the hint takes the banker to stand on: a computer banker's own, else 17, raised to the rules
    banker_stands_on: int
    #: the game as this seat may see it (what the table view draws; quitlok.coach works on it), None before
    #: the start. Other seats' face-down cards, the stock and the seed are None: never give it to apply_action.
    state: State | None
    #: the family setting: the table shows the coaching notes (the Hint, the note on a decision)
    coaching: bool = True
    #: every finished game in this room, oldest first: a night of Hanukkah each (Rooms.rematch deals the next)
    nights: tuple["Night", ...] = ()
    #: per seat: "here", "away" (no heartbeat for quitlok.rooms.store.AWAY_SECONDS), "gone" (GONE_SECONDS),
    #: "" for a person whose page has sent none yet, "computer" for a computer player (Rooms.here)
    presence: tuple[str, ...] = ()
    #: per seat: a computer plays it for its person, who is away (handed back when he is here again)
    played_for: tuple[bool, ...] = ()
    #: per seat: the host handed this person's seat to a computer; its person may ask for it back
    revoked: tuple[bool, ...] = ()
    #: requests to be let in that this seat may answer (the host's, or anyone's present while the host is
    #: away): (number, seat asked for, when asked, in seconds since the epoch)
    requests: tuple[tuple[int, int, float], ...] = ()
    #: this seat is open on another device (or browser tab) too, seen within AWAY_SECONDS
    other_device: bool = False
    #: the host's turn timer in seconds, None for none; and when the person to act runs out of it
    turn_seconds: int | None = None
    turn_ends: float | None = None

    @property
    def computer_to_act(self) -> bool:
        """A computer seat is to act in a game being played: a call of the store stopped it after one bounded
        step (quitlok.rooms.store.MAX_COMPUTER_MOVES or COMPUTER_SECONDS: a hand in which no person has a
        decision), and the next view lets it play on. False while the game is paused, ended or over; a game
        in which no person has chips left is ended by the room (`people_out`)."""
        return (self.started and not (self.over or self.paused) and self.to_act is not None
                and (self.styles[self.to_act] is not None
                     or bool(self.played_for) and self.played_for[self.to_act]))


def seat_table(view: RoomView, *, hand_ended: bool = False) -> PracticeTable:
    """The room as its seat's table: what the table view draws and the Hint prices, exactly as at the
    practice table (one view for both pages). The game is the seat's own redacted State; the computer seats
    carry their players so that the table describes them and the Hint models a computer banker by its own
    total. `hand_ended` says the page should show how the last hand ended. Drawing only: the table's
    step() is for a practice game, where every other seat is a computer."""
    if not isinstance(view, RoomView):
        raise RoomError(_("That is not a room's view (got {type}): ask Rooms.view for one.").format(
            type=type(view).__name__))
    flag("hand_ended", hand_ended)
    if view.state is None:
        raise RoomError(_("The game in this room has not started yet."))
    computers = tuple((seat, PLAYERS[style]()) for seat, style in enumerate(view.styles) if style is not None)
    return PracticeTable(state=view.state, human=view.seat, computers=computers, banker_draws=view.banker_draws,
                         hand_ended=hand_ended)


def seat_state(state: State, seat: int | None) -> State:
    """The State with everything `seat` may not see replaced by None, drawn from `observe(state, seat)`: its
    hands, phase, call and log (events with their secrets hidden; `seat_events` words them); `seat=None` for
    the onlookers (every face-down card hidden)."""
    view = observe(state, seat)
    return replace(
        state,
        hands=view.hands,
        stock=(None,) * view.stock_size,
        seed=None,
        events=view.events,
        phase=view.phase,
        aluvun_called=view.aluvun_called,
    )
