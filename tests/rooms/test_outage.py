"""A database that goes away under a room (issue 23, item 6): every call raises RoomsUnavailable, in plain words
that name no address, path or driver; once the database is back the same store works again, and a move made on
the version before the outage is applied once, if that version still holds. On a PostgreSQL server of the test's
own, stopped and started again, and on a SQLite file whose folder becomes unreachable."""

import os

import pytest

from quitlok.game import Stay
from quitlok.rooms import Rooms, RoomsUnavailable, StaleView
from tests.rooms.helpers import table, to_act
from tests.rooms.pg import TempPostgres, find_binaries


def plain(problem: RoomsUnavailable, *secrets: str) -> None:
    text = str(problem)
    assert "cannot be reached" in text
    for secret in secrets:
        assert secret not in text
    assert "psycopg" not in text and "sqlite" not in text.lower() and "/" not in text


@pytest.fixture
def own_postgres():
    if find_binaries() is None:
        pytest.skip("PostgreSQL's initdb/pg_ctl were not found")
    server = TempPostgres().start()
    yield server
    server.stop()


def test_a_stopped_postgres_is_said_plainly_and_a_move_made_before_it_holds_after(own_postgres):
    rooms = Rooms(own_postgres.url)
    try:
        seats = table(rooms, ("Ann", "Dov"), seed=3)
        code = seats[0].code
        seat = to_act(rooms, seats)
        before = rooms.view(code, seat.token)
        own_postgres.halt()
        for call in (lambda: rooms.view(code, seat.token), lambda: rooms.version(code),
                     lambda: rooms.act(code, seat.token, before.legal[0], version=before.version),
                     lambda: rooms.join(code, "Eli")):
            with pytest.raises(RoomsUnavailable) as refused:
                call()
            plain(refused.value, "127.0.0.1", str(own_postgres.port), own_postgres.url)
        own_postgres.resume()
        # the move the player made during the outage, sent again with the version it was made on: applied once
        assert rooms.act(code, seat.token, before.legal[0], version=before.version) == before.version + 1
        with pytest.raises(StaleView):
            rooms.act(code, seat.token, before.legal[0], version=before.version)
    finally:
        rooms.close()


def test_an_unreachable_sqlite_file_is_said_plainly(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    url = f"sqlite:///{folder / 'rooms.sqlite3'}"
    rooms = Rooms(url)
    try:
        seats = table(rooms, ("Ann", "Dov"), seed=3)
        code = seats[0].code
        rooms.close()  # the pooled connections go: the next call opens the file again
        os.rename(folder, tmp_path / "gone")
        with pytest.raises(RoomsUnavailable) as refused:
            rooms.view(code, seats[0].token)
        plain(refused.value, str(tmp_path))
        os.rename(tmp_path / "gone", folder)
        seat = to_act(rooms, seats)
        view = rooms.view(code, seat.token)
        assert rooms.act(code, seat.token, Stay() if Stay() in view.legal else view.legal[0],
                         version=view.version) == view.version + 1
    finally:
        rooms.close()
