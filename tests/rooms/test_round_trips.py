"""What a page's run after a move costs the database (issue 23, item 5: a move reaches every phone of the room
within 250 ms p90, and a push wakes all of them at once): a seat's view and an onlooker's are each one
transaction, and a pooled PostgreSQL connection is asked whether it is alive only after it has lain idle."""

import socket
import threading

import pytest
import sqlalchemy as sa

from quitlok.rooms import Rooms, database
from quitlok.rooms.errors import RoomsUnavailable
from tests.rooms.helpers import table
from tests.rooms.pg import TempPostgres, find_binaries


def transactions(rooms, call) -> int:
    """How many transactions `call` opens on the store's database."""
    begun = []
    listener = lambda conn: begun.append(conn)  # noqa: E731
    sa.event.listen(rooms._engine, "begin", listener)
    try:
        call()
    finally:
        sa.event.remove(rooms._engine, "begin", listener)
    return len(begun)


def test_a_seats_view_and_an_onlookers_are_one_transaction_each(rooms):
    seats = table(rooms, ("Ann", "Dov"), seed=3)
    code = seats[0].code
    rooms.view(code, seats[0].token)  # (the tables are made on the first use)
    assert transactions(rooms, lambda: rooms.view(code, seats[0].token)) == 1
    assert transactions(rooms, lambda: rooms.watch(code)) == 1
    seen, watched = rooms.view(code, seats[0].token), rooms.watch(code)
    assert seen.events and watched.events, "the log, read in the same transaction, is there"
    assert seen.version == watched.version


class Cursor:
    def __init__(self, connection) -> None:
        self.connection = connection

    def execute(self, sql: str) -> None:
        if self.connection.dead:
            raise OSError("server closed the connection unexpectedly")
        assert self.connection.autocommit, "the ping opens no transaction"
        self.connection.asked.append(sql)

    def close(self) -> None:
        pass


class Connection:
    def __init__(self, dead: bool = False) -> None:
        self.dead, self.autocommit, self.asked = dead, False, []
        self.reader, self.writer = socket.socketpair()

    def fileno(self) -> int:
        return self.reader.fileno()

    def cursor(self) -> Cursor:
        return Cursor(self)


class Record:
    def __init__(self) -> None:
        self.info = {}


def test_a_connection_is_pinged_only_after_lying_idle(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(database.time, "monotonic", lambda: now[0])
    connection, record = Connection(), Record()
    database._ping_if_idle(connection, record, None)
    assert connection.asked == ["SELECT 1"], "a connection never used is asked first"
    assert connection.autocommit is False, "and left as it was"
    database._note_use(connection, record)
    now[0] += database.PING_IDLE / 2
    database._ping_if_idle(connection, record, None)
    assert connection.asked == ["SELECT 1"], "one that answered a moment ago is handed out at once"
    now[0] += database.PING_IDLE
    database._ping_if_idle(connection, record, None)
    assert connection.asked == ["SELECT 1", "SELECT 1"], "one that lay idle is asked again"
    database._note_use(connection, record)
    connection.writer.send(b"E")  # the server said something (as PostgreSQL does when it shuts down)
    database._ping_if_idle(connection, record, None)
    assert len(connection.asked) == 3, "one that has been told something is asked, however recently used"


def test_a_dead_idle_connection_is_dropped_for_another():
    with pytest.raises(sa.exc.DisconnectionError):
        database._ping_if_idle(Connection(dead=True), Record(), None)


def test_postgres_hands_out_connections_alive(postgres_url):
    """Through the pool itself: a connection used, idle past PING_IDLE, is asked and works."""
    engine = database.make_engine(postgres_url)
    try:
        with engine.connect() as conn:
            assert conn.execute(sa.text("SELECT 2")).scalar() == 2
        for record in engine.pool._pool.queue:
            record.info["quitlok.used"] -= database.PING_IDLE + 1
        with engine.connect() as conn:
            assert conn.execute(sa.text("SELECT 3")).scalar() == 3
    finally:
        engine.dispose()


def test_a_restarted_postgres_fails_no_call_after_it_is_back():
    """A server stopped and started again between two calls a moment apart: its pooled connections were told
    and are replaced, so the first call after it is back works (RoomsUnavailable only while it is down)."""
    if find_binaries() is None:
        pytest.skip("PostgreSQL's initdb/pg_ctl were not found")
    server = TempPostgres().start()
    rooms = Rooms(server.url)
    try:
        seats = table(rooms, ("Ann", "Dov"), seed=3)
        code = seats[0].code
        for _ in range(3):  # several connections in the pool, all used a moment ago
            before = rooms.view(code, seats[0].token)
        server.halt()
        server.resume()
        assert rooms.view(code, seats[0].token).version == before.version
        assert rooms.version(code) == before.version
    finally:
        rooms.close()
        server.stop()


def test_a_database_host_that_never_answers_is_given_up_on_after_a_few_seconds():
    """A PostgreSQL address whose host takes the connection and then says nothing (a firewall that drops, a
    machine hung): the store says the database is unreachable after about CONNECT_SECONDS, where libpq alone
    would wait for the system's TCP timeout (minutes) and hold the page, or the presence thread, as long."""
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)  # the kernel completes the handshake; nobody ever reads or writes
    port = silent.getsockname()[1]
    outcome = []
    rooms = Rooms(f"postgresql+psycopg://quitlok@127.0.0.1:{port}/quitlok")
    try:
        worker = threading.Thread(target=lambda: outcome.append(_attempt(lambda: rooms.version("ABCDEF"))),
                                  daemon=True)
        worker.start()
        worker.join(timeout=database.CONNECT_SECONDS * 6)
        assert outcome, "the store still waits for a database that never answers"
        assert isinstance(outcome[0], RoomsUnavailable), outcome[0]
    finally:
        silent.close()


def _attempt(call):
    try:
        call()
    except Exception as refused:  # noqa: BLE001 (the test looks at which one)
        return refused
    return None
