"""What a room can refuse, each with a message a person can read as is (the page shows it escaped).

All are `RoomError`s, which are `ValueError`s, like the engine's own errors. A refused call changes
nothing: its transaction is rolled back. The engine's `IllegalAction` passes through `Rooms.act` unchanged.
"""


class RoomError(ValueError):
    """Base class of everything a room refuses."""


class RoomNotFound(RoomError):
    """No room has this code: mistyped, ended, or removed after 12 idle hours."""


class RoomFull(RoomError):
    """The table already holds seven seats."""


class RoomStarted(RoomError):
    """The game has started (or ended): seats can no longer be added."""


class NotHost(RoomError):
    """Only the host may do this (add a computer player, start, pause, end, remove a seat)."""


class NotSeated(RoomError):
    """The token is not a seat of this room: never valid, or the seat was given to a computer player."""


class BadName(RoomError):
    """A name that is empty, too long, holds control characters, or is taken at this table."""


class NotYourTurn(RoomError):
    """Another seat is to act, the game has not started, or it is over."""


class StaleView(RoomError):
    """Someone acted first: the action was made on an old view of the room, and nothing was changed."""


class RoomPaused(RoomError):
    """The host has paused the game: no actions until the host goes on."""


class RoomsUnavailable(RoomError):
    """The database that keeps the rooms cannot be reached just now (it stopped, restarted, or its file went
    away). The message says so in plain words and names no address, path or driver; the cause is logged on
    the server. A call that raised it may be tried again once the database is back: a move names its version,
    so it is applied at most once."""


class SeatMoved(NotSeated):
    """The seat this key opened was given to another device (its person asked there and was let in)."""


class SeatRevoked(NotSeated):
    """The host took the seat back from this key: a computer plays it until its person is let in again."""


class NoSuchPlayer(RoomError):
    """Nobody of that name sits at this table as a person (asking for a seat back names the seat)."""


class NoSuchRequest(RoomError):
    """The request to be let in is not, or no longer, waiting (answered already, or never made)."""
