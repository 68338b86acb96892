"""Playing together: rooms that several people join, each from their own device, kept in a database.

The contract is SPEC section 5. `Rooms` is the store (quitlok.rooms.store), `RoomView` what one seat
may see (quitlok.rooms.seat_view), and the errors each say what was refused (quitlok.rooms.errors).
The engine stays pure: a room stores quitlok.game states as JSON and never imports Streamlit.
"""

from quitlok.errors import IllegalAction
from quitlok.rooms.errors import (
    BadName,
    NoSuchPlayer,
    NoSuchRequest,
    NotHost,
    NotSeated,
    NotYourTurn,
    RoomError,
    RoomFull,
    RoomNotFound,
    RoomPaused,
    RoomStarted,
    RoomsUnavailable,
    SeatMoved,
    SeatRevoked,
    StaleView,
)
from quitlok.rooms.seat_view import Night, RoomView, seat_events, seat_state, seat_table
from quitlok.rooms.store import (
    ALPHABET,
    AWAY_SECONDS,
    GONE_SECONDS,
    IDLE_SECONDS,
    MAX_SEATS,
    Asked,
    Presence,
    Request,
    Rooms,
    RoomSummary,
    Seat,
)

__all__ = [
    "ALPHABET",
    "AWAY_SECONDS",
    "GONE_SECONDS",
    "IDLE_SECONDS",
    "Asked",
    "Presence",
    "NoSuchPlayer",
    "NoSuchRequest",
    "Request",
    "SeatMoved",
    "SeatRevoked",
    "MAX_SEATS",
    "BadName",
    "IllegalAction",
    "Night",
    "NotHost",
    "NotSeated",
    "NotYourTurn",
    "RoomError",
    "RoomFull",
    "RoomNotFound",
    "RoomPaused",
    "RoomStarted",
    "RoomSummary",
    "RoomView",
    "Rooms",
    "RoomsUnavailable",
    "Seat",
    "StaleView",
    "seat_events",
    "seat_state",
    "seat_table",
]
