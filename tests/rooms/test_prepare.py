"""Stores that make their tables at the same moment (issue 23, the push on PostgreSQL): each store (the rooms, the
limits, the class sessions of one app server, and those of another server sharing the database) makes its tables,
and on PostgreSQL the trigger that announces a move, on its first use. Pages opened together right after a start
used to run those first uses at once, and on PostgreSQL most of them failed ("tuple concurrently updated": two
CREATE OR REPLACE FUNCTION at once), so that page showed an error and never followed its room: most moves never
reached the phones of the benchmark's five rooms. Every first use now succeeds, and the trigger announces moves."""

import sqlite3
import threading
import time

import pytest
import sqlalchemy as sa

from quitlok.classroom.store import Classes
from quitlok.limits import Limits
from quitlok.rooms import RoomNotFound, Rooms
from tests.rooms.test_news import assert_heard, other_server

#: stores making their tables at once: as many as the pages of a busy start (each a store of its own: a server)
AT_ONCE = 12


def first_uses_at_once(url: str) -> list[BaseException]:
    """AT_ONCE fresh stores of the three kinds, each making its first call at the same moment; what they raised."""
    kinds = (Rooms, Limits, Classes)
    stores = [kinds[k % len(kinds)](url) for k in range(AT_ONCE)]
    start, failed = threading.Barrier(AT_ONCE), []

    def first_use(store) -> None:
        start.wait()
        try:
            if isinstance(store, Limits):
                store.take("code", visitor=f"v{id(store)}", address=None)
            elif isinstance(store, Rooms):
                store.version("ABCDEF")
            else:
                store.purge()
        except RoomNotFound:
            pass
        except Exception as problem:  # what each one raised is the test's finding
            failed.append(problem)

    threads = [threading.Thread(target=first_use, args=(store,)) for store in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    for store in stores:
        store.close()
    return failed


def test_stores_making_their_tables_at_once_all_succeed(database_url):
    for _ in range(3):  # a race: three tries, each with every store at its first use
        failed = first_uses_at_once(database_url)
        assert not failed, [f"{type(f).__name__}: {str(f).splitlines()[0]}" for f in failed]


def test_after_stores_made_their_tables_at_once_a_move_is_announced_to_another_server(database_url):
    assert not first_uses_at_once(database_url)
    here, writer = other_server(database_url)
    assert_heard(here, writer, writer.url)


def test_the_trigger_is_there_once(postgres_url):
    """However many stores made it at once, the database holds one announcing trigger per announced table."""
    assert not first_uses_at_once(postgres_url)
    engine = sa.create_engine(postgres_url, poolclass=sa.pool.NullPool)
    with engine.connect() as conn:
        triggers = conn.execute(sa.text("SELECT tgrelid::regclass::text FROM pg_trigger "
                                        "WHERE tgname LIKE 'quitlok_%_announce'")).scalars().all()
    engine.dispose()
    assert sorted(triggers) == sorted(set(triggers)) and "quitlok_rooms" in triggers


def test_a_new_sqlite_file_being_written_is_switched_to_wal_once_the_writer_is_done(tmp_path):
    """SQLite refuses to switch a file to WAL while another connection writes to it, at once and without its
    busy timeout; a store opened then used to fail its first use (a clean-clone CI run: 1 store of 12 opened
    together). It now waits for the writer, as any statement would."""
    path = tmp_path / "rooms.sqlite3"
    writer = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    writer.execute("CREATE TABLE before_wal (x)")
    writer.execute("BEGIN IMMEDIATE")  # the file is still in its first mode (a rollback journal), and written
    done, started = threading.Timer(0.5, writer.execute, args=("COMMIT",)), time.monotonic()
    done.start()
    rooms = Rooms(f"sqlite:///{path}")
    try:
        with pytest.raises(RoomNotFound):
            rooms.version("ABCDEF")
        assert time.monotonic() - started >= 0.4  # it waited for the writer
        with rooms._engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    finally:
        done.join()
        rooms.close()
        writer.close()
