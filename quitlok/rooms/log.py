"""A room's log as rows: each event of the game one row, appended in the move's own transaction.

A room keeps its game's state without its log (quitlok.rooms.store); every write appends the events it made,
each as one row of EVENTS: the room's version that wrote it (`at`) and its place in that write (`number`), its
kind, the event as JSON (quitlok.events.event_to_dict) and, when it carries a secret, the one seat that may see
it (`seat`) and the event as every other reader gets it (`hidden`: quitlok.events' own `hidden()`). So a write
costs the same however long the game, and a reader asks only for the rows it does not hold yet.

Secrecy by construction: a seat's read (`read`) selects, row by row in the database, the event itself only where
the row is public or the seat's own, and the hidden form otherwise; an onlooker's only where it is public. No
sentence is cut: the events say which seat may see them (`Event.secret_from`). A secret that a later event shows to
everyone (a protected 11 dealt face down, once its player decides: `Event.revealed_by`) is made public when
that event is written: in the same write when it is in it, else by updating the row (the same transaction).

Reading is incremental: `Logs` keeps, per room and seat, the rows this process has read of the game now being
played, and reads only those written since (and the last row still secret from the seat, which a later event
may reveal). A new game in the room (Rooms.rematch) deletes the rows of the one before; the first row's version
tells a reader that the game changed.
"""

import bisect
import json
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field

import sqlalchemy as sa

from quitlok.events import Event, Note, event_from_dict, event_to_dict
from quitlok.rooms.database import EVENTS

__all__ = ["Logs", "append", "events_since", "read_seen", "rows_of", "seer"]


def seer(event: Event, seats: int) -> int | None:
    """Who may see what `event` carries: None for everyone, else the one seat that may (-1: no seat). An event
    that several seats but not everyone may see has no row form (none does today): TypeError."""
    if not event.secret_from(None):
        return None
    seeing = [seat for seat in range(seats) if not event.secret_from(seat)]
    if len(seeing) > 1:
        raise TypeError(f"{type(event).__name__} is visible to seats {seeing} alone: a row names one seat")
    return seeing[0] if seeing else -1


def _text(event: Event) -> str:
    return json.dumps(event_to_dict(event), ensure_ascii=False, separators=(",", ":"))


def rows_of(events: Sequence[Event], seats: int) -> list[dict]:
    """The rows of `events` (one write's), in order: a secret revealed by the next event of the engine within
    the same write (a room's own notes, quitlok.events.Note, may come between) is public at once, as
    quitlok.game.seen_events reads it."""
    rows = []
    for number, event in enumerate(events):
        who = seer(event, seats)
        if who is not None:
            later = next((e for e in events[number + 1:] if not isinstance(e, Note)), None)
            if later is not None and event.revealed_by(later):
                who = None
        rows.append({"number": number, "kind": type(event).__name__, "seat": who, "event": _text(event),
                     "hidden": None if who is None else _text(event.hidden())})
    return rows


def append(conn: sa.Connection, code: str, at: int, events: Sequence[Event], seats: int) -> int:
    """Append `events` to room `code`'s log as written by version `at`, inside the caller's write transaction;
    the last secret row of the engine's before them is made public if the first of them reveals it. Returns the
    bytes of event text written (what the benchmark counts)."""
    if not events:
        return 0
    first = next((e for e in events if not isinstance(e, Note)), None)
    if first is not None:
        last = conn.execute(_LAST_OF_ENGINE, {"code": code}).first()
        if last is not None and last.seat is not None and _event(last.event).revealed_by(first):
            conn.execute(sa.update(EVENTS).where(EVENTS.c.code == code, EVENTS.c.at == last.at,
                                                 EVENTS.c.number == last.number).values(seat=None, hidden=None))
    rows = [{"code": code, "at": at, **row} for row in rows_of(events, seats)]
    conn.execute(sa.insert(EVENTS), rows)
    return sum(len(row["event"]) + len(row["hidden"] or "") for row in rows)


#: the kinds of rows that are no engine fact (quitlok.events.Note)
_NOTES = ("Prose", "RoomNote")
#: past every row of a write (the numbers within one)
_LAST = 2**31 - 1
_LAST_OF_ENGINE = (sa.select(EVENTS.c.at, EVENTS.c.number, EVENTS.c.seat, EVENTS.c.event)
                   .where(EVENTS.c.code == sa.bindparam("code"), EVENTS.c.kind.notin_(_NOTES))
                   .order_by(EVENTS.c.at.desc(), EVENTS.c.number.desc()).limit(1))


def _seen_text(seat: int | None) -> sa.ColumnElement:
    """The column a reader at `seat` (None: an onlooker) gets: the event where it may see it, else its hidden form."""
    mine = EVENTS.c.seat.is_(None) if seat is None else sa.or_(EVENTS.c.seat.is_(None), EVENTS.c.seat == seat)
    return sa.case((mine, EVENTS.c.event), else_=EVENTS.c.hidden).label("text")


def read_seen(conn: sa.Connection, code: str, seat: int | None, after: tuple[int, int] | None = None,
              upto: int | None = None) -> list[tuple[tuple[int, int], bool, Event]]:
    """The rows of room `code` after position `after` ((at, number); None: from the start) and written by version
    `upto` or earlier, as `seat` may see them: ((at, number), still secret from the seat, event)."""
    where = [EVENTS.c.code == code]
    if after is not None:
        at, number = after
        where.append(sa.or_(EVENTS.c.at > at, sa.and_(EVENTS.c.at == at, EVENTS.c.number > number)))
    if upto is not None:
        where.append(EVENTS.c.at <= upto)
    secret = EVENTS.c.seat.is_not(None) if seat is None else sa.and_(EVENTS.c.seat.is_not(None),
                                                                      EVENTS.c.seat != seat)
    query = (sa.select(EVENTS.c.at, EVENTS.c.number, secret.label("secret"), _seen_text(seat))
             .where(*where).order_by(EVENTS.c.at, EVENTS.c.number))
    return [((row.at, row.number), bool(row.secret), _event(row.text)) for row in conn.execute(query)]


def events_since(conn: sa.Connection, code: str, seat: int | None, version: int, upto: int) -> tuple[Event, ...]:
    """The events written after `version` and by `upto` or earlier, as `seat` may see them."""
    return tuple(event for _, _, event in read_seen(conn, code, seat, (version, _LAST), upto))


def first_at(conn: sa.Connection, code: str) -> int | None:
    """The version that wrote the game's first row (None: no rows), which changes when a new game is dealt."""
    return conn.execute(sa.select(sa.func.min(EVENTS.c.at)).where(EVENTS.c.code == code)).scalar()


def _event(text: str) -> Event:
    return event_from_dict(json.loads(text))


@dataclass
class _Seen:
    """What one seat has read of one game's rows: the events, and from which row on they may
    still change (the last row of the engine's, while it is secret from the seat)."""

    start: int | None
    keys: list[tuple[int, int]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    #: rows from this index on are read again (a later event may reveal a secret one)
    open: int = 0


class Logs:
    """Each seat's log of each room, as this process has read it (see the module's docstring): `read` reads only
    the rows written since. At most `size` (room, seat) pairs are kept, the least recently read dropped."""

    def __init__(self, size: int = 128) -> None:
        self._seen: OrderedDict[tuple[str, str, int | None, str], _Seen] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def clear(self) -> None:
        with self._lock:
            self._seen.clear()

    def read(self, conn: sa.Connection, code: str, seat: int | None, upto: int) -> tuple[Event, ...]:
        """The log of the game in room `code` written by version `upto` or earlier, as `seat` may see it: events,
        which the page words (quitlok.narration) in its reader's language."""
        start = first_at(conn, code)
        key = (str(conn.engine.url), code, seat)
        with self._lock:
            old = self._seen.get(key)
        if old is None or old.start != start:
            old = _Seen(start)
        keep = old.open
        after = old.keys[keep - 1] if keep else None
        rows = read_seen(conn, code, seat, after, upto) if start is not None else []
        seen = _Seen(start, old.keys[:keep], old.events[:keep], keep)
        for position, _, event in rows:
            seen.keys.append(position)
            seen.events.append(event)
        # the rows read start at the row that was open (if any): the last of the engine's now is open if secret
        engine = [i for i in range(len(rows)) if not isinstance(rows[i][2], Note)]
        seen.open = keep + engine[-1] if engine and rows[engine[-1]][1] else keep + len(rows)
        with self._lock:
            current = self._seen.get(key)
            if current is None or current.start != start or len(current.keys) <= len(seen.keys):
                self._seen[key] = seen
            self._seen.move_to_end(key)
            while len(self._seen) > self._size:
                self._seen.popitem(last=False)
        # another thread's newer read may have left rows written after `upto` here: not this reader's
        end = bisect.bisect_right(seen.keys, (upto, _LAST))
        return tuple(seen.events[:end])
