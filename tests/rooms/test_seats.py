"""Seats are held by devices, not addresses (SPEC section 5), on SQLite and PostgreSQL: asking for a seat from a
new device and being let in (which ends the old device's hold), a seat open on two devices, the host revoking a
seat and its person coming back, presence, the host role passing on and coming back, stand-ins for the absent,
the turn timer, and onlookers, who see no face-down card."""

import hashlib
import os

import pytest
import sqlalchemy as sa

from quitlok.rooms import (
    AWAY_SECONDS,
    NoSuchPlayer,
    NoSuchRequest,
    NotHost,
    RoomError,
    Rooms,
    RoomsUnavailable,
    SeatMoved,
    SeatRevoked,
)
from quitlok.rooms import store as store_module
from quitlok.rooms.database import PRESENCE, REQUESTS
from tests.rooms.conftest import _engine, stored, stored_state
from tests.rooms.helpers import said, settled, table, unchanged

PHONE, TABLET, OTHER = "phone-0001", "tablet-0002", "phone-0003"


def beat(rooms, seats, device_of=None):
    """Every seat's page sends a heartbeat (each from a device of its own)."""
    for seat in seats:
        rooms.here(seat.code, seat.token, (device_of or {}).get(seat.seat, f"device-{seat.seat:04d}"))


def test_a_new_device_asks_by_name_and_being_let_in_ends_the_old_devices_hold(rooms):
    ann, dov = table(rooms, ("Ann", "Dov"))
    request = rooms.ask(ann.code, " dov ")
    assert request.seat == dov.seat and rooms.asked(ann.code, request.token).answer == "waiting"
    host_view = rooms.view(ann.code, ann.token)
    assert [(n, s) for n, s, _ in host_view.requests] == [(request.number, dov.seat)]
    assert rooms.view(ann.code, dov.token).requests == (), "only the host answers while he is here"
    rooms.let_in(ann.code, ann.token, request.number)
    asked = rooms.asked(ann.code, request.token)
    assert (asked.answer, asked.seat, asked.name, asked.by) == ("in", dov.seat, "Dov", "Ann")
    assert rooms.view(ann.code, request.token).seat == dov.seat, "the request's key opens the seat now"
    with pytest.raises(SeatMoved, match="moved to another device"):
        rooms.view(ann.code, dov.token)
    with pytest.raises(SeatMoved):
        rooms.here(ann.code, dov.token, PHONE)
    assert "Dov plays on from a new device." in said(rooms.view(ann.code, ann.token))


def test_a_refused_request_leaves_the_seat_where_it_was(rooms):
    ann, dov = table(rooms, ("Ann", "Dov"))
    request = rooms.ask(ann.code, "Dov")
    rooms.refuse(ann.code, ann.token, request.number)
    assert rooms.asked(ann.code, request.token).answer == "refused"
    assert rooms.view(ann.code, dov.token).seat == dov.seat
    with pytest.raises(SeatMoved.__mro__[1]):  # NotSeated: the refused key opens nothing
        rooms.view(ann.code, request.token)
    with pytest.raises(NoSuchRequest):
        rooms.let_in(ann.code, ann.token, request.number)


def test_only_the_host_answers_and_only_people_can_be_asked_for(rooms):
    ann, dov, eve = table(rooms, ("Ann", "Dov", "Eve"), ("bold",))
    request = rooms.ask(ann.code, "Eve")
    with unchanged(rooms, ann.code), pytest.raises(NotHost, match="Only the host, Ann"):
        rooms.let_in(ann.code, dov.token, request.number)
    computer = stored_state(rooms, ann.code).players[3]
    for name in (computer, "Nobody"):
        with unchanged(rooms, ann.code), pytest.raises(NoSuchPlayer):
            rooms.ask(ann.code, name)
    with _engine(rooms.url).connect() as conn:
        row = conn.execute(sa.select(REQUESTS).where(REQUESTS.c.number == request.number,
                                                     REQUESTS.c.code == ann.code)).one()
    assert row.token_hash == hashlib.sha256(request.token.encode()).hexdigest()
    assert request.token not in repr(tuple(row)), "a request's key is kept only as its hash"


def test_while_the_host_is_away_anyone_present_lets_people_in(rooms, clock):
    ann, dov, eve = table(rooms, ("Ann", "Dov", "Eve"))
    beat(rooms, [ann, dov, eve])
    clock.now += AWAY_SECONDS + 1
    beat(rooms, [dov, eve])
    request = rooms.ask(ann.code, "Ann")
    assert rooms.view(ann.code, eve.token).requests, "Eve sees the request while Ann is away"
    rooms.let_in(ann.code, eve.token, request.number)
    assert rooms.view(ann.code, request.token).seat == 0
    with pytest.raises(SeatMoved):
        rooms.view(ann.code, ann.token)


def test_a_seat_open_on_two_devices_is_said_on_both(rooms, clock):
    ann, dov = table(rooms, ("Ann", "Dov"))
    rooms.here(ann.code, dov.token, PHONE)
    assert not rooms.view(ann.code, dov.token, device=PHONE).other_device
    clock.now += 1
    rooms.here(ann.code, dov.token, TABLET)
    clock.now += 1
    assert rooms.here(ann.code, dov.token, PHONE).other_devices == 1
    assert rooms.view(ann.code, dov.token, device=PHONE).other_device
    assert rooms.view(ann.code, dov.token, device=TABLET).other_device
    assert not rooms.view(ann.code, ann.token, device=OTHER).other_device


def test_a_page_reloaded_in_the_same_tab_is_not_another_device(rooms, clock):
    """A reload starts a new page (a new device name); the old page beats no more, so it is not counted."""
    ann, dov = table(rooms, ("Ann", "Dov"))
    rooms.here(ann.code, dov.token, PHONE)
    clock.now += 1
    assert rooms.here(ann.code, dov.token, TABLET).other_devices == 0, "the phone's page was reloaded as this one"
    assert not rooms.view(ann.code, dov.token, device=TABLET).other_device
    clock.now += 5
    assert rooms.here(ann.code, dov.token, PHONE).other_devices == 1, "the phone's page beats on: two pages"


def test_a_heartbeat_writes_no_game_and_no_version(rooms):
    ann, dov = table(rooms, ("Ann", "Dov"))
    before = stored(rooms, ann.code)
    for _ in range(3):
        assert rooms.here(ann.code, dov.token, PHONE).seats[dov.seat] == "here"
    assert stored(rooms, ann.code) == before
    with _engine(rooms.url).connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(PRESENCE)
                            .where(PRESENCE.c.code == ann.code)).scalar() == 1
    with pytest.raises(RoomError, match="device's name"):
        rooms.here(ann.code, dov.token, "<script>")


def test_presence_is_here_away_or_gone(rooms, clock):
    ann, dov = table(rooms, ("Ann", "Dov"), ("bold",))
    assert rooms.view(ann.code, ann.token).presence == ("", "", "computer"), "no page has sent a heartbeat yet"
    beat(rooms, [ann, dov])
    assert rooms.view(ann.code, ann.token).presence == ("here", "here", "computer")
    clock.now += AWAY_SECONDS + 1
    rooms.here(ann.code, ann.token, PHONE)
    assert rooms.view(ann.code, ann.token).presence[:2] == ("here", "away")
    clock.now += store_module.GONE_SECONDS
    rooms.here(ann.code, ann.token, PHONE)
    assert rooms.view(ann.code, ann.token).presence[:2] == ("here", "gone")


def test_the_host_role_passes_to_the_left_while_the_host_is_away_and_returns(rooms, clock):
    ann, dov, eve = table(rooms, ("Ann", "Dov", "Eve"), start=False)
    beat(rooms, [ann, dov, eve])
    clock.now += AWAY_SECONDS + 1
    beat(rooms, [dov, eve])
    view = rooms.view(ann.code, dov.token)
    assert view.host == dov.seat and view.is_host
    with pytest.raises(NotHost, match="Only the host, Dov"):
        rooms.start(ann.code, ann.token)
    rooms.start(ann.code, dov.token, seed=3)  # the game goes on without Ann
    beat(rooms, [ann])
    view = rooms.view(ann.code, ann.token)
    assert view.host == 0 and view.is_host and not rooms.view(ann.code, dov.token).is_host


def test_an_away_persons_turn_is_played_by_a_computer_and_the_seat_handed_back(rooms, clock):
    """The game never sticks at an away person's turn: the others' pages play it; once he is back, he plays."""
    seats = table(rooms, ("Ann", "Dov", "Eve"), purses=60, seed=5)
    beat(rooms, seats)
    view = settled(rooms, seats[0])
    away = seats[view.to_act]
    present = [s for s in seats if s is not away]
    clock.now += AWAY_SECONDS + 1
    beat(rooms, present)
    after = rooms.view(present[0].code, present[0].token)
    assert after.version > view.version and after.to_act != away.seat, "the away seat's turn was played"
    assert after.played_for[away.seat] and after.presence[away.seat] == "away"
    beat(rooms, [away])
    back = rooms.view(away.code, away.token)
    assert not back.played_for[away.seat] and back.presence[away.seat] == "here"


def test_the_turn_timer_makes_one_move_for_a_slow_person(rooms, clock):
    seats = table(rooms, ("Ann", "Dov"), purses=60, seed=5)
    with pytest.raises(RoomError, match="turn timer"):
        rooms.set_turn_timer(seats[0].code, seats[0].token, 5)
    with pytest.raises(NotHost):
        rooms.set_turn_timer(seats[0].code, seats[1].token, 30)
    rooms.set_turn_timer(seats[0].code, seats[0].token, 30)
    beat(rooms, seats)
    view = settled(rooms, seats[0])
    assert view.turn_seconds == 30 and view.turn_ends == pytest.approx(stored(rooms, view.code).touched + 30)
    clock.now += 20
    beat(rooms, seats)
    assert rooms.view(view.code, seats[0].token).version == view.version, "not yet"
    clock.now += 11
    beat(rooms, seats)
    after = rooms.view(view.code, seats[0].token)
    name = view.players[view.to_act]
    ran_out = "Your time to decide ran out" if view.to_act == view.seat else f"{name}'s time to decide ran out"
    assert after.version > view.version and ran_out in " ".join(said(after))


def test_a_revoked_seat_is_played_by_a_computer_and_its_person_comes_back(rooms):
    ann, dov = table(rooms, ("Ann", "Dov"), purses=60)
    rooms.remove_seat(ann.code, ann.token, dov.seat)
    with pytest.raises(SeatRevoked, match="ask to be let back in"):
        rooms.view(ann.code, dov.token)
    watching = rooms.watch(ann.code)
    assert watching.seat is None and watching.revoked[dov.seat] and watching.styles[dov.seat] == "cautious"
    request = rooms.ask(ann.code, "Dov")
    rooms.let_in(ann.code, ann.token, request.number)
    back = rooms.view(ann.code, request.token)
    assert back.seat == dov.seat and back.styles[dov.seat] is None and not back.revoked[dov.seat]
    assert "You are back in the seat a computer played, on a new device." in said(back)  # Dov reads his own
    with pytest.raises(SeatRevoked):
        rooms.view(ann.code, dov.token)


def test_an_onlooker_sees_no_face_down_card(rooms):
    ann, dov, eve = table(rooms, ("Ann", "Dov", "Eve"), ("bold",), seed=9)
    state = stored_state(rooms, ann.code)
    view = rooms.watch(ann.code)
    assert view.seat is None and view.legal == () and not view.is_host and view.requests == ()
    for cards, ups, shown in zip(state.hands, state.face_up, view.hands, strict=True):
        assert shown == tuple(c if up else None for c, up in zip(cards, ups, strict=True))
    assert view.state.stock == (None,) * len(state.stock) and view.state.seed is None


def test_a_page_viewing_its_own_seat_is_here_even_before_its_heartbeat(rooms, clock):
    """A page that comes back (its heartbeat lost for a while) and looks at its seat is not played for: the view
    itself shows its person is here; a view without a device (a library caller) leaves it to the heartbeats."""
    seats = table(rooms, ("Ann", "Dov", "Eve"), purses=60, seed=5)
    beat(rooms, seats)
    view = settled(rooms, seats[0])
    away = seats[view.to_act]
    clock.now += AWAY_SECONDS + 1
    mine = rooms.view(away.code, away.token, device=f"device-{away.seat:04d}")
    assert mine.version == view.version and mine.to_act == away.seat and not mine.played_for[away.seat]
    assert rooms.view(away.code, away.token).version > view.version, "without a device: played for, as away"


def test_an_outage_makes_no_one_away(tmp_path, clock):
    """Every heartbeat fails while the database is unreachable: once it is back, the first page to beat does not
    find the others away (their silence was the database's); AWAY_SECONDS after the outage they are."""
    folder = tmp_path / "data"
    folder.mkdir()
    rooms = Rooms(f"sqlite:///{folder / 'rooms.sqlite3'}", clock=clock)
    try:
        seats = table(rooms, ("Ann", "Dov", "Eve"), purses=60, seed=5)
        beat(rooms, seats)
        view = settled(rooms, seats[0])
        waiting = seats[view.to_act]
        others = [s for s in seats if s is not waiting]
        rooms.close()
        os.rename(folder, tmp_path / "gone")
        clock.now += AWAY_SECONDS + 5
        with pytest.raises(RoomsUnavailable):
            beat(rooms, others)
        clock.now += 5
        os.rename(tmp_path / "gone", folder)
        beat(rooms, others)
        after = rooms.view(waiting.code, others[0].token)
        assert after.version == view.version and after.presence[waiting.seat] == "here", "not away after an outage"
        clock.now += AWAY_SECONDS
        beat(rooms, others)
        later = rooms.view(waiting.code, others[0].token)
        assert later.presence[waiting.seat] == "away" and later.version > view.version, "silent since: away"
    finally:
        rooms.close()
