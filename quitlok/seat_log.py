"""What one seat may read of the game's log, as sentences: `quitlok.game.observe` hides what the seat may not
see (quitlok.events says which events carry a secret, and from whom), and `quitlok.narration` words the rest.

Every screen that shows the log to one seat shows `seat_events(state, seat)`: the practice table and the
lessons (the learner's seat), a room's seats (quitlok.rooms.seat_view) and the class table. The secrets, as
the events' module tells: a card dealt face down, the banker's retire chance and his keeping the bank (his
alone; if he retires he shows the card), and a protected 11 dealt face down while its player decides.
"""

from quitlok.game import State, check_seat, protected_face_down, seen_events
from quitlok.narration import sentences

__all__ = ["protected_face_down", "seat_events"]


def seat_events(state: State, seat: int | None) -> tuple[str, ...]:
    """The log as `seat` may read it; `seat=None` for onlookers, who read only what every seat may read."""
    check_seat(state, seat, onlookers=True)
    return sentences(seen_events(state.events, seat), state.players, seat)
