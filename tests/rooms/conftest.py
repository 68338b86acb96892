"""Fixtures for the rooms store: every contract test runs on SQLite (a temp file) and on a real PostgreSQL.

The PostgreSQL server is started once per test session with initdb and pg_ctl in a temp dir (tests/rooms/pg.py)
and removed at the end; the PostgreSQL half is skipped, saying why, only where PostgreSQL's binaries cannot
be found.
"""

import fcntl
import functools
import json
import os
import tempfile
import time
from dataclasses import replace

import pytest
import sqlalchemy as sa

from quitlok.events import event_from_dict
from quitlok.game import State
from quitlok.rooms import Rooms
from quitlok.rooms import store as store_module
from quitlok.rooms.database import EVENTS, ROOMS
from quitlok.state_json import state_from_json, state_to_json
from tests.rooms.pg import TempPostgres, find_binaries

BACKENDS = ["sqlite", "postgresql"]


class Clock:
    """A clock the test moves by hand: `clock.now += 13 * 3600`."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="session")
def postgres_url():
    if find_binaries() is None:
        pytest.skip("PostgreSQL's initdb/pg_ctl were not found (install Debian's postgresql package): "
                    "the rooms are tested on SQLite only")
    # one server per xdist worker, each on a free port in a temp dir of its own; as root, starting one may create
    # the service user (useradd), which two workers must not do at the same moment
    with open(os.path.join(tempfile.gettempdir(), "quitlok-pg-start.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        server = TempPostgres().start()
    yield server.url
    server.stop()


@pytest.fixture(autouse=True)
def moves_not_time(monkeypatch):
    """A call's step of computer moves bounded by their number alone: a computer player is made afresh for
    each call, so where a step ends shapes the game, and a test's game must not depend on the machine's
    speed (test_a_call_plays_one_bounded_step_of_computer_moves sets a time budget of its own)."""
    monkeypatch.setattr(store_module, "COMPUTER_SECONDS", 3600.0)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture(params=BACKENDS)
def database_url(request, tmp_path) -> str:
    """A database URL: a fresh SQLite file, or the session's PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'rooms.sqlite3'}"
    return request.getfixturevalue("postgres_url")


@pytest.fixture
def rooms(database_url, clock):
    store = Rooms(database_url, clock=clock)
    yield store
    store.close()


@functools.cache
def _engine(url: str) -> sa.Engine:
    """A plain engine on the test's database, to look behind the store's back."""
    return sa.create_engine(url, poolclass=sa.pool.NullPool)


def stored(store: Rooms, code: str) -> sa.Row:
    """The room's row as the database holds it."""
    with _engine(store.url).connect() as conn:
        return conn.execute(sa.select(ROOMS).where(ROOMS.c.code == code)).one()


def stored_state(store: Rooms, code: str) -> State:
    """The whole game as the database holds it (what no seat sees): the room's state and its log's rows, every
    event whole."""
    state = state_from_json(stored(store, code).state)
    with _engine(store.url).connect() as conn:
        rows = conn.execute(sa.select(EVENTS.c.event).where(EVENTS.c.code == code)
                            .order_by(EVENTS.c.at, EVENTS.c.number)).scalars()
        logged = tuple(event_from_dict(json.loads(text)) for text in rows)
    return replace(state, events=logged + state.events)


def rig(store: Rooms, code: str, state: State) -> None:
    """Put a scripted game into a started room (same seats), as if it had been dealt that way: stored as a room
    of an earlier version kept it, its whole log in the state (the store moves it into rows at its next write)."""
    with _engine(store.url).begin() as conn:
        conn.execute(sa.delete(EVENTS).where(EVENTS.c.code == code))
        conn.execute(sa.update(ROOMS).where(ROOMS.c.code == code).values(state=state_to_json(state)))
