"""Where rooms are kept: the tables (SQLAlchemy Core) and the database engine.

One table per concept: `rooms` (the game without its log, its settings and its version), `room_events` (the
game's log, an event a row: quitlok.rooms.log) and `seats` (who sits where,
and how to recognise them), and `room_family` (what a family keeps from game to game: the nights' results, whether
the table shows coaching notes). The game is the readable JSON of `quitlok.state_json`; a seat's token is
kept only as its SHA-256, so a copy of the database hands out no seat.

The embedded default is a SQLite file in the app's data folder, in WAL mode (readers never wait for a
writer) with a busy timeout; every write transaction starts with BEGIN IMMEDIATE, so two writers queue
for the lock instead of failing when the second one tries to write. `postgresql+psycopg://...` works the
same, for several app servers sharing the rooms. A write of one statement alone (the compare-and-swap of
an action) runs without BEGIN and COMMIT around it: one round trip, and the shortest hold of the lock.

Every table with a `code` and a `version` (a room, a class session) announces a new version (quitlok.rooms.news):
on PostgreSQL a trigger NOTIFYs inside the writing transaction itself (so other app servers hear of every move
that commits, and of none rolled back); in this process the store publishes it once the transaction commits.
"""

import contextlib
import logging
import os
import select
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import sqlalchemy as sa

from quitlok.i18n import N_, _
from quitlok.rooms.errors import RoomsUnavailable
from quitlok.rooms.news import CHANNEL, NEWS, News, Topic
from quitlok.validate import moment

LOG = logging.getLogger("quitlok.rooms")
#: what a person is told when the database cannot be reached (no address, path or driver in it)
UNAVAILABLE = N_("The rooms cannot be reached just now: the connection to where they are kept was lost. "
                 "Trying again in a moment usually works.")
#: the driver's errors that mean the database went away (stopped, restarting, its file unreachable), rather than
#: a refusal of the call: SQLAlchemy wraps every driver's connection failures in these
LOST = (sa.exc.OperationalError, sa.exc.InterfaceError)

#: the environment variable that names the database (a SQLAlchemy URL)
URL_VARIABLE = "QUITLOK_DATABASE_URL"
#: the app's data folder: the embedded database lives here unless URL_VARIABLE says otherwise
DATA_FOLDER = Path(__file__).resolve().parents[2] / ".data"
#: how long a SQLite writer waits for another one before giving up, in milliseconds
BUSY_TIMEOUT_MS = 30_000

metadata = sa.MetaData()

ROOMS = sa.Table(
    "quitlok_rooms",
    metadata,
    sa.Column("code", sa.String(6), primary_key=True),
    #: grows with every change; every write checks it (compare-and-swap)
    sa.Column("version", sa.Integer, nullable=False),
    #: the house rules, as quitlok.state_json.rules_to_dict
    sa.Column("rules", sa.Text, nullable=False),
    sa.Column("bank", sa.Integer, nullable=False),
    sa.Column("purses", sa.Integer, nullable=False),
    sa.Column("max_bet", sa.Integer, nullable=True),
    sa.Column("choose_stake", sa.Boolean, nullable=False),
    #: the game as quitlok.state_json.state_to_json without its log (EVENTS holds it; a room stored by an earlier
    #: version holds its whole log here until its next write moves it into EVENTS); NULL until the host starts it
    sa.Column("state", sa.Text, nullable=True),
    #: how the first banker was drawn: JSON list of rounds, each a list of [seat, card]
    sa.Column("draws", sa.Text, nullable=False, default="[]"),
    sa.Column("paused", sa.Boolean, nullable=False, default=False),
    sa.Column("ended", sa.Boolean, nullable=False, default=False),
    #: seconds since the epoch: when the room was made, and last changed (idle rooms are removed)
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("touched", sa.Float, nullable=False, index=True),
)

SEATS = sa.Table(
    "quitlok_seats",
    metadata,
    sa.Column("code", sa.String(6), sa.ForeignKey(ROOMS.c.code, ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("name", sa.String(20), nullable=False),
    #: the name as compared for uniqueness (normalised, case-folded)
    sa.Column("name_key", sa.String(100), nullable=False),
    #: SHA-256 (hex) of the seat's token; NULL for a computer player added by the host
    sa.Column("token_hash", sa.String(64), nullable=True, index=True),
    #: None for a person; else the computer player's style, a key of quitlok.bots.PLAYERS
    sa.Column("style", sa.String(20), nullable=True),
    sa.Column("bot_seed", sa.Integer, nullable=False),
    sa.UniqueConstraint("code", "name_key"),
)

#: Seats are held by devices (SPEC section 5, "Seats are held by devices, not addresses"). These tables came
#: after the first two; like them they are created on first use, and none of them is written on a page's
#: heartbeat but PRESENCE.

#: when each device of a seat last said it was here (a page's heartbeat): one row per seat and device
PRESENCE = sa.Table(
    "quitlok_presence",
    metadata,
    sa.Column("code", sa.String(6), sa.ForeignKey(ROOMS.c.code, ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    #: a random name the page gives itself (one per browser tab), never a key
    sa.Column("device", sa.String(64), primary_key=True),
    sa.Column("seen", sa.Float, nullable=False),
    #: the device's first heartbeat: a page reloaded in the same tab is a new device whose old self beats no more
    #: after this, while another device open at the same time beats on (RoomView.other_device)
    sa.Column("since", sa.Float, nullable=False),
)

#: a person on a new device asking for his seat by name; the request's own key becomes the seat's key when he
#: is let in (kept, like every key, only as its SHA-256)
REQUESTS = sa.Table(
    "quitlok_seat_requests",
    metadata,
    sa.Column("code", sa.String(6), sa.ForeignKey(ROOMS.c.code, ondelete="CASCADE"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False, index=True),
    sa.Column("asked", sa.Float, nullable=False),
    #: "waiting", "in" (let in: the request's key is the seat's now) or "refused"
    sa.Column("answer", sa.String(10), nullable=False),
    #: the seat's name of whoever answered
    sa.Column("by", sa.String(20), nullable=True),
)

#: keys that no longer open their seat, and why: "moved" (the seat went to another device), "revoked" (the
#: host took it back; a computer plays the seat until its person is let in again)
KEYS_GONE = sa.Table(
    "quitlok_keys_gone",
    metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("code", sa.String(6), sa.ForeignKey(ROOMS.c.code, ondelete="CASCADE"), nullable=False, index=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("reason", sa.String(10), nullable=False),
)

#: the host's settings that came after the rooms table: the turn timer (seconds; NULL for none)
ROOM_SETTINGS = sa.Table(
    "quitlok_room_settings",
    metadata,
    sa.Column("code", sa.String(6), sa.ForeignKey(ROOMS.c.code, ondelete="CASCADE"), primary_key=True),
    sa.Column("turn_seconds", sa.Integer, nullable=True),
)


#: the game's log, one event a row, appended by each write (quitlok.rooms.log): the room keeps its game's state
#: without it, so a move writes the same few rows however long the game. `at` is the room's version that wrote
#: the row (not named `version`: this table announces nothing) and `number` its place in that write.
EVENTS = sa.Table(
    "quitlok_room_events",
    metadata,
    sa.Column("code", sa.String(6), sa.ForeignKey(ROOMS.c.code, ondelete="CASCADE"), primary_key=True),
    sa.Column("at", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("number", sa.Integer, primary_key=True, autoincrement=False),
    #: the event's type (quitlok.events), so that a reader can find the engine's last event past the notes
    sa.Column("kind", sa.String(40), nullable=False),
    #: NULL when every reader may see the event; else the one seat that may (-1: none), every other reader
    #: getting `hidden`
    sa.Column("seat", sa.Integer, nullable=True),
    #: the event as JSON (quitlok.events.event_to_dict), and as a reader who may not see its secret gets it
    sa.Column("event", sa.Text, nullable=False),
    sa.Column("hidden", sa.Text, nullable=True),
)


FAMILY = sa.Table(
    "quitlok_room_family",
    metadata,
    #: what a family keeps with its room from game to game (one row per room; a room without one has the defaults)
    sa.Column("code", sa.String(6), sa.ForeignKey(ROOMS.c.code, ondelete="CASCADE"), primary_key=True),
    #: the coaching notes (the Hint, the note on a decision) are shown at the table
    sa.Column("coaching", sa.Boolean, nullable=False, default=True),
    #: every finished game's result, one a night: JSON list of {"players": [names], "won": [chips won or lost]}
    sa.Column("nights", sa.Text, nullable=False, default="[]"),
)


def database_url(url: str | None) -> str:
    """`url`, else the environment's QUITLOK_DATABASE_URL, else the SQLite file in the data folder."""
    if url:
        return url
    if os.environ.get(URL_VARIABLE):
        return os.environ[URL_VARIABLE]
    DATA_FOLDER.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{DATA_FOLDER / 'rooms.sqlite3'}"


def make_engine(url: str) -> sa.Engine:
    """An engine for `url`; SQLite gets WAL, a busy timeout, foreign keys and its own BEGIN (see above)."""
    parsed = sa.make_url(url)
    if parsed.get_backend_name() != "sqlite":
        # a host that does not answer (not one that refuses: that fails at once) would otherwise hold a page's
        # run, or the presence thread (quitlok.ui.presence), for as long as the system's TCP timeout, minutes;
        # an address that names its own connect_timeout keeps it
        waits = {} if "connect_timeout" in parsed.query else {"connect_timeout": CONNECT_SECONDS}
        engine = sa.create_engine(url, pool_size=10, max_overflow=20, connect_args=waits)
        sa.event.listen(engine, "checkout", _ping_if_idle)
        sa.event.listen(engine, "checkin", _note_use)
        return engine
    engine = sa.create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})

    @sa.event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record) -> None:
        dbapi_connection.isolation_level = None  # the driver emits no BEGIN of its own: _on_begin does
        cursor = dbapi_connection.cursor()
        _use_wal(cursor)
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @sa.event.listens_for(engine, "begin")
    def _on_begin(connection) -> None:
        options = connection.get_execution_options()
        if options.get("quitlok_single"):
            return  # one statement, which SQLite runs as a transaction of its own
        connection.exec_driver_sql("BEGIN IMMEDIATE" if options.get("quitlok_write") else "BEGIN")

    return engine



#: how long a connection waits between tries to switch a new SQLite file to WAL
WAL_RETRY_SECONDS = 0.005


def _use_wal(cursor) -> None:
    """Put the SQLite file in WAL mode (kept in the file: later connections find it so). While another connection
    writes to a file still in its first mode, SQLite refuses the switch at once ("database is locked"): its busy
    handler, which makes every other statement wait, does not wait for this one. Stores that open a new file at
    the same moment (pages opened together after a start) met that, and one page showed "the rooms cannot be
    reached". The switch is tried again here until the busy timeout, as a statement would wait."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as busy:
            # (the primary code: SQLITE_BUSY_RECOVERY and the like are busy too)
            if busy.sqlite_errorcode & 0xFF not in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) \
                    or time.monotonic() > deadline:
                raise
        time.sleep(WAL_RETRY_SECONDS)


#: how long a new PostgreSQL connection may take before the database counts as unreachable (libpq's
#: connect_timeout, in whole seconds)
CONNECT_SECONDS = 5

#: a pooled PostgreSQL connection unused for this many seconds is pinged before it is handed out (a database
#: restarted meanwhile has closed it); one used more recently is handed out as it is
PING_IDLE = 2.0


def _ping_if_idle(dbapi_connection, record, _proxy) -> None:
    """SQLAlchemy's `pool_pre_ping` asks the server on every checkout, a round trip per transaction (a page's run
    after a move makes a few). Only a connection left idle for PING_IDLE seconds is asked here; one that answered
    a moment ago is handed out at once. A dead one is dropped and the pool tries another (DisconnectionError,
    SQLAlchemy's documented "pessimistic" way). A server that stops or restarts tells its idle connections so
    (PostgreSQL's "terminating connection", or the socket's end), which leaves something to read on the socket
    of a connection that asked nothing: such a one is asked too, however recently it was used."""
    if time.monotonic() - record.info.get("quitlok.used", 0.0) < PING_IDLE and not _word_waiting(dbapi_connection):
        return
    autocommit = dbapi_connection.autocommit
    try:
        dbapi_connection.autocommit = True  # (the ping opens no transaction)
        with contextlib.closing(dbapi_connection.cursor()) as cursor:
            cursor.execute("SELECT 1")
        dbapi_connection.autocommit = autocommit
    except Exception as dead:
        raise sa.exc.DisconnectionError(type(dead).__name__) from dead
    record.info["quitlok.used"] = time.monotonic()


def _word_waiting(dbapi_connection) -> bool:
    """Whether the server has said something to an idle connection (no round trip: a look at its socket)."""
    try:
        readable, _, _ = select.select([dbapi_connection.fileno()], [], [], 0)
    except (OSError, ValueError, AttributeError, TypeError):  # closed: ask, and find it dead
        return True
    return bool(readable)


def _note_use(_dbapi_connection, record) -> None:
    record.info["quitlok.used"] = time.monotonic()


@contextmanager
def _reachable(store: "Store") -> Iterator[None]:
    """Around a use of the database: a lost connection (LOST) becomes RoomsUnavailable, in plain words; what
    the driver said (its address, its file's path) goes to the server's log only. The store notes when."""
    try:
        yield
    except LOST as lost:
        store.lost_at = store._clock()
        LOG.warning("The rooms' database could not be reached: %s", lost)
        raise RoomsUnavailable(_(UNAVAILABLE)) from lost


#: the trigger function: "<topic> <code> <version>" on CHANNEL, the topic being the table's name without its prefix
_NOTIFY_FUNCTION = f"""
CREATE OR REPLACE FUNCTION quitlok_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('{CHANNEL}', substr(TG_TABLE_NAME, 9) || ' ' || NEW.code || ' ' || NEW.version);
  RETURN NULL;
END $$
"""
_NOTIFY_TRIGGER = """
CREATE OR REPLACE TRIGGER {table}_announce AFTER UPDATE OF version ON {table}
FOR EACH ROW WHEN (OLD.version IS DISTINCT FROM NEW.version) EXECUTE FUNCTION quitlok_announce()
"""


#: the PostgreSQL advisory lock that every store holds while it makes the tables and the trigger (a transaction's
#: lock, let go at its end). Each store makes them on its first use, and the stores of a server (its rooms, limits,
#: class sessions) and of other servers sharing the database meet there when pages open together after a start.
#: Two CREATE OR REPLACE FUNCTION at once fail ("tuple concurrently updated"), as two CREATE TABLE of one table do:
#: most pages opened at once then showed an error and never followed their room (issue 23, the push on PostgreSQL).
#: Under the lock the second maker waits, then finds the tables made and replaces the function and triggers alone.
_PREPARING = 0x71756974_6C6F6B  # "quitlok"


def announced_tables() -> list[sa.Table]:
    """The tables whose new versions are announced: those with a `code` and a `version`."""
    return [t for t in metadata.sorted_tables if {"code", "version"} <= set(t.c.keys())]


class Store:
    """A connection to the database at `url` (see database_url), shared by every thread of an app server:
    what the stores of rooms and of class sessions have in common. Tables are created on first use.
    `clock` gives the time in seconds since the epoch; tests pass their own to age what is stored."""

    #: the topic a store's versions are announced under (quitlok.rooms.news)
    topic = "rooms"

    def __init__(self, url: str | None = None, *, clock: Callable[[], float] = time.time,
                 news: News = NEWS) -> None:
        self.url = database_url(url)
        self.news = news
        self._engine = make_engine(self.url)
        self._clock = clock
        self._postgres = self._engine.dialect.name == "postgresql"
        self._ready = False
        self._lock = threading.Lock()
        #: when this store last found the database unreachable (0: never): a silence that lasted into an outage
        #: is the database's, not a person's (quitlok.rooms.store counts presence from then at the earliest)
        self.lost_at = 0.0
        # SQLite has one writer at a time: this process's writers queue here, woken at once, rather than in
        # SQLite's busy handler, which sleeps up to 100 ms between tries (other processes still use it)
        self._writing = contextlib.nullcontext() if self._postgres else threading.Lock()

    def close(self) -> None:
        """Close the database connections (what is stored stays in the database)."""
        self._engine.dispose()

    @contextmanager
    def _transaction(self, *, write: bool, single: bool = False) -> Iterator[sa.Connection]:
        """One transaction; the tables are created on first use. Writers take SQLite's write lock at BEGIN;
        readers on PostgreSQL see one snapshot (the room and its seats as they were together). `single`:
        the block runs one statement, which is its own transaction (no BEGIN, no COMMIT)."""
        with _reachable(self):
            self._prepare()
            with self._writing if write else contextlib.nullcontext(), self._engine.connect() as conn:
                if single:
                    conn.execution_options(quitlok_single=True, isolation_level="AUTOCOMMIT")
                elif write:
                    conn.execution_options(quitlok_write=True)
                elif self._postgres:
                    conn.execution_options(isolation_level="REPEATABLE READ")
                try:
                    with conn.begin():
                        yield conn
                except BaseException:
                    conn.info.pop("quitlok.changed", None)  # rolled back: nothing to say (and the pooled connection
                    raise  # must not carry it to its next user)
                for topic, code, version in conn.info.pop("quitlok.changed", ()):  # committed: say so in this
                    self.news.publish(Topic(topic, code), version)  # process (a class's vote moves its room too)

    def _changed(self, conn: sa.Connection, code: str, version: int) -> None:
        """Note, inside a write's transaction, that `code` is at `version` once it commits (published then,
        under this store's topic, whichever store's transaction it is)."""
        conn.info.setdefault("quitlok.changed", []).append((self.topic, code, version))

    def listen(self) -> None:
        """Start this process's listener for other servers' news, if the database has any (PostgreSQL)."""
        self.news.listen(self.url)

    def _purge_moment(self, now: object) -> float:
        """The moment a purge counts idle time back from: `now`, a real moment no later than the clock (a time
        to come, inf or NaN would make every room idle), or the clock when None; InvalidSetup otherwise."""
        clock = self._clock()
        return clock if now is None else moment("now", now, latest=clock)

    def _prepare(self) -> None:
        if self._ready:
            return
        with self._lock:
            if self._ready:
                return
            with self._engine.connect() as conn:
                conn.execution_options(quitlok_write=True)  # SQLite: BEGIN IMMEDIATE, one maker at a time
                with conn.begin():
                    if self._postgres:  # one maker at a time here too, whichever store and server (see _PREPARING)
                        conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PREPARING})
                    metadata.create_all(conn)
                    if self._postgres:
                        conn.exec_driver_sql(_NOTIFY_FUNCTION)
                        for table in announced_tables():
                            conn.exec_driver_sql(_NOTIFY_TRIGGER.format(table=table.name))
            self._ready = True
