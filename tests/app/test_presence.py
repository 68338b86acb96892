"""The server's heartbeats for open pages (quitlok.ui.presence, issue 23 items 2 and 5): one round beats for every
page that is connected and shows its part for the room, skips a page that is not (disconnected, or on another
page of the app), forgets a page whose session is gone, and has a page's part drawn again when what it shows of
presence changed or its seat is lost. The server's side (which session is connected, rerunning a part) is
quitlok.ui.internals', stood in for here; tests/e2e/test_seats_browser.py has the whole of it in browsers."""

import pytest

from quitlok.rooms import AWAY_SECONDS, Rooms
from quitlok.ui import internals, presence
from tests.rooms.helpers import table


class Server:
    """Which sessions are connected and showing their part (True), connected elsewhere or not (False), gone
    (None); the part runs asked for."""

    def __init__(self) -> None:
        self.showing: dict[str, bool | None] = {}
        self.reruns: list[tuple[str, str]] = []


@pytest.fixture
def server(monkeypatch):
    server = Server()
    monkeypatch.setattr(internals, "showing_fragment", lambda session, fragment: server.showing.get(session))
    monkeypatch.setattr(internals, "rerun_fragment", lambda session, fragment: server.reruns.append(
        (session, fragment)) or True)
    monkeypatch.setattr(presence, "_pages", {})
    return server


@pytest.fixture
def clock():
    return [1_000_000.0]


@pytest.fixture
def store(tmp_path, clock):
    rooms = Rooms(f"sqlite:///{tmp_path / 'rooms.sqlite3'}", clock=lambda: clock[0])
    yield rooms
    rooms.close()


def keep(store, seat, session: str, drawn=None) -> None:
    """What the part does once drawn, for the page of `session` holding `seat`."""
    presence._pages[session] = presence._Page(store, seat.code, (seat.token,), f"device-{session}", "part", drawn)


def where(store, seat) -> str:
    return dict(zip(store.watch(seat.code).players, store.watch(seat.code).presence, strict=True))["Dov"]


def test_an_open_page_showing_its_part_is_kept_here_and_one_elsewhere_is_not(server, store, clock):
    ann, dov = table(store)
    keep(store, dov, "dov")
    server.showing["dov"] = True
    presence.beat_all()
    clock[0] += AWAY_SECONDS + 1
    assert where(store, dov) == "away", "nothing beat since"
    presence.beat_all()
    assert where(store, dov) == "here"
    server.showing["dov"] = False  # a whole run of the page is drawing the part again
    presence.beat_all()
    assert "dov" in presence._pages, "kept: the part comes back"
    server.showing["dov"] = None  # the phone lost its connection, or closed the page
    clock[0] += AWAY_SECONDS + 1
    presence.beat_all()
    assert where(store, dov) == "away" and "dov" not in presence._pages


def test_a_page_is_drawn_again_once_when_what_it_shows_of_presence_changed(server, store, clock):
    ann, dov = table(store)
    keep(store, ann, "ann")
    keep(store, dov, "dov")
    server.showing.update(ann=True, dov=True)
    presence.beat_all()
    assert set(server.reruns) == {("ann", "part"), ("dov", "part")}, "neither had drawn the presence now"
    presence.beat_all()  # (Ann's page beat first: it hears of Dov's now)
    server.reruns.clear()
    presence.beat_all()
    assert server.reruns == [], "nothing changed: no run"
    server.showing["dov"] = None  # Dov's phone went away
    clock[0] += AWAY_SECONDS + 1
    presence.beat_all()
    assert server.reruns == [("ann", "part")], "Ann's page shows Dov away"


def test_a_page_whose_seat_was_taken_back_has_its_part_say_so_and_is_forgotten(server, store, clock):
    ann, dov = table(store)
    keep(store, dov, "dov")
    server.showing["dov"] = True
    presence.beat_all()
    server.reruns.clear()
    store.remove_seat(ann.code, ann.token, dov.seat)  # the host hands Dov's seat to a computer
    presence.beat_all()
    assert server.reruns == [("dov", "part")] and "dov" not in presence._pages


def test_one_page_s_failure_leaves_the_others_beating(server, store, clock, monkeypatch):
    ann, dov = table(store)
    keep(store, ann, "ann")
    presence._pages["ann"].device = "not a device name!"  # Rooms.here refuses it (RoomError)
    keep(store, dov, "dov")
    server.showing.update(ann=True, dov=True)
    clock[0] += AWAY_SECONDS + 1
    presence.beat_all()
    assert where(store, dov) == "here" and "ann" not in presence._pages


def test_a_page_kept_anew_meanwhile_is_not_forgotten_by_a_round(server, store):
    ann, dov = table(store)
    keep(store, dov, "dov")
    old = presence._pages["dov"]
    keep(store, ann, "dov")  # the same session, seated anew (another seat) while the round went on
    presence._drop("dov", old)
    assert presence._pages["dov"].tokens == (ann.token,)
