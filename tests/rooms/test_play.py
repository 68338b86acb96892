"""Rooms at play, on SQLite and PostgreSQL: two clicks at once, a server restart, computer seats, the host's
tools, and idle rooms removed after 12 hours."""

import random
import threading
from dataclasses import replace

import pytest
import sqlalchemy as sa

from quitlok import KVITLACH, QUITLOK, InvalidSetup
from quitlok.events import GameOver, RoomNote
from quitlok.game import Bet, Stay
from quitlok.rooms import (
    IDLE_SECONDS,
    NotHost,
    NotSeated,
    NotYourTurn,
    RoomError,
    RoomNotFound,
    RoomPaused,
    Rooms,
    RoomStarted,
    StaleView,
    database,
)
from quitlok.rooms import store as store_module
from quitlok.rooms.database import ROOMS
from tests.rooms.conftest import _engine, rig, stored_state
from tests.rooms.helpers import said, settled, table, to_act, unchanged


def test_two_clicks_at_the_same_moment_only_one_applies(rooms):
    """Two threads act for the seat to act with the same version: one wins, the other gets StaleView."""
    seats = table(rooms, ("Ann", "Dov", "Eve"), rules=KVITLACH, purses=60)
    code = seats[0].code
    total = sum(rooms.view(code, seats[0].token).chips)
    for _ in range(6):
        me = to_act(rooms, seats)
        if me is None:
            break
        view = rooms.view(code, me.token)
        start = threading.Barrier(2)
        outcomes = []

        def click(action, view=view, me=me, start=start, outcomes=outcomes):
            start.wait()
            try:
                outcomes.append(rooms.act(code, me.token, action, version=view.version))
            except StaleView as refused:
                outcomes.append(refused)

        threads = [threading.Thread(target=click, args=(action,)) for action in (view.legal[0], view.legal[-1])]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        wins = [o for o in outcomes if isinstance(o, int)]
        assert wins == [view.version + 1] and sum(isinstance(o, StaleView) for o in outcomes) == 1
        after = rooms.view(code, me.token)
        assert after.version == view.version + 1 and sum(after.chips) == total


def test_a_new_store_on_the_same_database_goes_on_with_the_hand(database_url, clock):
    """A server restart in the middle of a hand loses nothing."""
    first = Rooms(database_url, clock=clock)
    seats = table(first, ("Ann", "Dov", "Eve"), seed=21)
    me = to_act(first, seats)
    view = first.view(me.code, me.token)
    first.act(me.code, me.token, view.legal[0], version=view.version)
    before = {s.seat: first.view(s.code, s.token) for s in seats}
    first.close()

    second = Rooms(database_url, clock=clock)
    try:
        assert {s.seat: second.view(s.code, s.token) for s in seats} == before
        me = to_act(second, seats)
        view = second.view(me.code, me.token)
        assert second.act(me.code, me.token, view.legal[-1], version=view.version) == view.version + 1
    finally:
        second.close()


def test_one_person_and_computers_play_a_whole_game(rooms):
    """After every act the view finds a person or nobody to act (a computer only between the bounded steps
    of a hand in which Ann has no decision: then every view plays on); chips are conserved; the game ends by
    the rules, or once Ann has no chips left."""
    seats = table(rooms, ("Ann",), ("cautious", "bold", "best"), purses=20, bank=8, seed=5)
    ann = seats[0]
    rng = random.Random(5)
    view = rooms.view(ann.code, ann.token)
    total = sum(view.chips)
    for _ in range(400):
        if view.computer_to_act:
            view = settled(rooms, ann)
        assert view.to_act is None or view.styles[view.to_act] is None
        assert sum(view.chips) == total
        if view.over:
            break
        assert view.legal, "nobody but Ann can be waited for"
        rooms.act(ann.code, ann.token, rng.choice(view.legal), version=view.version)
        view = rooms.view(ann.code, ann.token)
    assert view.over and view.to_act is None and view.legal == ()
    assert isinstance(view.events[-1], GameOver) or (view.people_out and view.chips[0] == 0)


def bust_out(rooms, seat, seed: int):
    """Ann bets all she may at every turn until the game is over; the last view."""
    rng = random.Random(seed)
    for _ in range(400):
        view = rooms.view(seat.code, seat.token)
        if view.over:
            return view
        if view.legal:
            bets = [a for a in view.legal if isinstance(a, Bet)]
            action = max(bets, key=lambda b: b.n) if bets else rng.choice(view.legal)
            rooms.act(seat.code, seat.token, action, version=view.version)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed", [0, 4])
def test_the_room_ends_the_game_once_no_person_has_chips(rooms, seed):
    """Issue 22: when every person is out of chips the computers would play on by themselves for thousands
    of moves, each view rewriting the growing game. The room ends the game there instead, with its results:
    each seat keeps its chips; a view then changes nothing and finds nobody to wait for."""
    ann = table(rooms, ("Ann",), ("cautious", "bold", "best"), purses=20, bank=8, seed=seed)[0]
    view = bust_out(rooms, ann, seed)
    assert view.chips[0] == 0 and sum(c > 0 for c in view.chips) >= 2, "the computers could have played on"
    assert view.people_out and not view.ended_by_host and not view.computer_to_act
    assert view.events[-1] == RoomNote("people_out") and view.legal == () and view.to_act is None
    assert sum(view.chips) == 4 * 20
    with unchanged(rooms, ann.code):
        for _ in range(3):
            assert rooms.view(ann.code, ann.token).version == view.version


def test_a_seat_handed_to_a_computer_ends_a_game_where_nobody_else_has_chips(rooms):
    """The host hands over the last other person's seat while he himself has no chips: nobody is left."""
    ann, dov = table(rooms, ("Ann", "Dov"), ("bold",), purses=20, bank=8, seed=2)
    state = stored_state(rooms, ann.code)
    assert state.banker != 0 and state.stakes[0] == 0, "the dealt position leaves Ann her purse alone"
    rig(rooms, ann.code, replace(state, purses=(0, state.purses[1], state.purses[2] + state.purses[0])))
    assert not rooms.view(ann.code, ann.token).over, "Dov still plays"
    rooms.remove_seat(ann.code, ann.token, 1, "bold")
    view = rooms.view(ann.code, ann.token)
    assert view.people_out and view.over and view.events[-1] == RoomNote("people_out")
    assert said(view)[-1].startswith("Nobody at the table but the computer players has chips left")


def test_a_call_plays_one_bounded_step_of_computer_moves(rooms, monkeypatch):
    """A call makes at most MAX_COMPUTER_MOVES computer moves and stops after the first move past its time
    budget (here none: one move a call), so that a view costs about what a person's move costs; the views
    that follow play on, and the game still reaches the person."""
    monkeypatch.setattr(store_module, "COMPUTER_SECONDS", 0.0)
    moves = []
    real_step = store_module.step
    monkeypatch.setattr(store_module, "step", lambda state, seats: moves.append(1) or real_step(state, seats))
    ann = table(rooms, ("Ann",), ("cautious", "bold", "cautious"), purses=30, bank=8, seed=8)[0]
    rng = random.Random(8)
    calls = 0
    for _ in range(80):
        moves.clear()
        view = rooms.view(ann.code, ann.token)
        assert len(moves) <= 1
        calls += bool(moves)
        if view.over:
            break
        if view.legal:
            moves.clear()
            rooms.act(ann.code, ann.token, rng.choice(view.legal), version=view.version)
            assert len(moves) <= 1
    assert calls > 10
    assert store_module.MAX_COMPUTER_MOVES <= 100


def test_a_view_plays_on_when_computers_were_stopped_by_the_cap(rooms, monkeypatch):
    """Each call makes at most MAX_COMPUTER_MOVES computer moves (here 1), so it always returns; a view that
    finds computers left to play lets them go on, so the game never stalls for want of a person's click."""
    monkeypatch.setattr(store_module, "MAX_COMPUTER_MOVES", 1)
    seats = table(rooms, ("Ann",), ("cautious", "bold", "cautious"), purses=30, bank=8, seed=8)
    ann = seats[0]
    rng = random.Random(8)
    views_played = 0
    for _ in range(60):
        before = stored_state(rooms, ann.code)
        version = rooms.version(ann.code)
        view = rooms.view(ann.code, ann.token)
        if before.to_act not in (None, 0):
            views_played += 1
            assert view.version == version + 1 and view.state.events != before.events
        if view.over:
            break
        if view.legal:
            rooms.act(ann.code, ann.token, rng.choice(view.legal), version=view.version)
    assert views_played > 10


def test_a_view_says_a_computer_is_left_to_act_only_in_a_game_being_played(rooms, monkeypatch):
    """RoomView.computer_to_act, which the together page follows to let the computers play on: true while a
    computer seat stopped by the cap is to act, false once the host pauses or ends the game."""
    monkeypatch.setattr(store_module, "MAX_COMPUTER_MOVES", 1)
    ann = table(rooms, ("Ann",), ("cautious", "bold"), purses=30, bank=8, seed=8)[0]
    rng = random.Random(8)
    for _ in range(60):
        view = rooms.view(ann.code, ann.token)
        if view.computer_to_act:
            break
        assert view.to_act in (None, 0), "a person's turn, or a computer's that the view says"
        rooms.act(ann.code, ann.token, rng.choice(view.legal), version=view.version)
    assert view.computer_to_act and view.styles[view.to_act] is not None
    rooms.pause(ann.code, ann.token)
    paused = rooms.view(ann.code, ann.token)
    assert paused.to_act == view.to_act and not paused.computer_to_act, "a paused game waits for the host"
    rooms.end(ann.code, ann.token)
    assert not rooms.view(ann.code, ann.token).computer_to_act
    waiting = table(rooms, ("Eve",), ("bold",), start=False)[0]
    assert not rooms.view(waiting.code, waiting.token).computer_to_act, "nobody acts before the start"


def test_the_host_pauses_and_resumes(rooms):
    seats = table(rooms, ("Ann", "Dov", "Eve"))
    host, code = seats[0], seats[0].code
    with unchanged(rooms, code), pytest.raises(NotHost):
        rooms.pause(code, seats[1].token)
    version = rooms.pause(code, host.token)
    assert rooms.pause(code, host.token) == version, "pausing a paused game changes nothing"
    me = to_act(rooms, seats)
    view = rooms.view(code, me.token)
    assert view.paused and view.legal == () and view.version == version
    assert view.events[-1] == RoomNote("paused") and said(view)[-1] == "The host has paused the game."
    with unchanged(rooms, code), pytest.raises(RoomPaused, match="paused"):
        rooms.act(code, me.token, Stay(), version=version)
    version = rooms.resume(code, host.token)
    view = rooms.view(code, me.token)
    assert not view.paused and view.legal
    assert rooms.act(code, me.token, view.legal[0], version=version) == version + 1


def test_pause_needs_a_game_in_play(rooms):
    host, _ = table(rooms, start=False)
    with unchanged(rooms, host.code), pytest.raises(RoomError, match="nothing to pause"):
        rooms.pause(host.code, host.token)


def test_a_removed_seat_is_played_by_a_computer_and_its_token_stops_working(rooms):
    seats = table(rooms, ("Ann", "Dov", "Eve"), seed=4)
    host, dov, eve = seats
    code = host.code
    with unchanged(rooms, code), pytest.raises(NotHost):
        rooms.remove_seat(code, eve.token, 1)
    with unchanged(rooms, code), pytest.raises(RoomError, match="keeps his seat"):
        rooms.remove_seat(code, host.token, 0)
    with unchanged(rooms, code), pytest.raises(RoomError, match="no seat 9"):
        rooms.remove_seat(code, host.token, 9)
    rooms.remove_seat(code, host.token, 1, style="bold")
    with pytest.raises(NotSeated, match="given your seat"):
        rooms.view(code, dov.token)
    view = rooms.view(code, host.token)
    assert view.styles == (None, "bold", None) and view.players[1] == "Dov"
    assert "Dov has left the table; a computer player (bold) plays the seat from now on." in said(view)
    assert view.to_act is None or view.styles[view.to_act] is None
    with unchanged(rooms, code), pytest.raises(RoomError, match="already a computer"):
        rooms.remove_seat(code, host.token, 1)


def test_a_seat_removed_before_the_start_is_gone_and_later_seats_move_down(rooms):
    host, dov, eve = table(rooms, ("Ann", "Dov", "Eve"), start=False)
    rooms.remove_seat(host.code, host.token, 1)
    view = rooms.view(host.code, eve.token)
    assert view.players == ("Ann", "Eve") and view.seat == 1
    with pytest.raises(NotSeated):
        rooms.view(host.code, dov.token)
    assert rooms.join(host.code, "Dov").seat == 2


def test_the_host_ends_the_game(rooms):
    seats = table(rooms, ("Ann", "Dov", "Eve"), purses=30)
    host, code = seats[0], seats[0].code
    me = to_act(rooms, seats)
    view = rooms.view(code, me.token)
    rooms.act(code, me.token, next(a for a in view.legal if a != view.legal[-1]), version=view.version)
    with unchanged(rooms, code), pytest.raises(NotHost):
        rooms.end(code, seats[1].token)
    version = rooms.end(code, host.token)
    for seat in seats:
        view = rooms.view(code, seat.token)
        assert view.over and view.ended_by_host and view.to_act is None and view.legal == ()
        assert sum(view.chips) == 3 * 30 and view.state.to_act is None
        assert view.events[-1] == RoomNote("ended") and said(view)[-1].startswith("The host has ended the game")
    with unchanged(rooms, code), pytest.raises(NotYourTurn, match="ended"):
        rooms.act(code, seats[1].token, Stay(), version=version)
    assert rooms.end(code, host.token) == version


def test_a_room_ended_before_the_start_takes_nobody_in(rooms):
    host, _ = table(rooms, start=False)
    rooms.end(host.code, host.token)
    assert rooms.view(host.code, host.token).over
    with pytest.raises(RoomStarted, match="ended"):
        rooms.join(host.code, "Eve")
    with pytest.raises(RoomStarted):
        rooms.start(host.code, host.token)


def _rooms_stored(rooms, code) -> int:
    with _engine(rooms.url).connect() as conn:
        return conn.execute(sa.select(sa.func.count()).select_from(ROOMS).where(ROOMS.c.code == code)).scalar_one()


def test_rooms_idle_for_12_hours_are_removed(rooms, clock):
    idle = table(rooms, start=False)[0]
    busy = table(rooms, start=False)[0]
    clock.now += IDLE_SECONDS - 60
    rooms.join(busy.code, "Eve")  # a change keeps a room alive; looking at it does not
    rooms.view(idle.code, idle.token)
    clock.now += 120
    with pytest.raises(RoomNotFound, match="idle for 12 hours"):
        rooms.view(idle.code, idle.token)
    assert rooms.view(busy.code, busy.token).players == ("Ann", "Dov", "Eve")
    assert _rooms_stored(rooms, idle.code) == 1, "gone for the players, removed at the next purge"
    rooms.create(QUITLOK, host="Zev", bank=10, purses=40)  # every new room clears out the idle ones
    assert _rooms_stored(rooms, idle.code) == 0 and _rooms_stored(rooms, busy.code) == 1
    with pytest.raises(InvalidSetup, match="moment"):  # a time to come is no real moment: it would remove every room
        rooms.purge(now=clock.now + IDLE_SECONDS + 1)
    assert _rooms_stored(rooms, busy.code) == 1
    clock.now += IDLE_SECONDS + 1
    assert rooms.purge() >= 2
    assert _rooms_stored(rooms, busy.code) == 0


def test_the_database_is_the_environments_or_a_sqlite_file_in_the_data_folder(monkeypatch, tmp_path, clock):
    monkeypatch.setattr(database, "DATA_FOLDER", tmp_path / "data")
    monkeypatch.delenv(database.URL_VARIABLE, raising=False)
    store = Rooms(clock=clock)
    try:
        assert store.url == f"sqlite:///{tmp_path / 'data' / 'rooms.sqlite3'}"
        host = store.create(QUITLOK, host="Ann", bank=10, purses=40)
        assert (tmp_path / "data" / "rooms.sqlite3").is_file() and store.view(host.code, host.token).players == ("Ann",)
        with store._engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == database.BUSY_TIMEOUT_MS
    finally:
        store.close()
    monkeypatch.setenv(database.URL_VARIABLE, f"sqlite:///{tmp_path / 'elsewhere.sqlite3'}")
    assert Rooms(clock=clock).url.endswith("elsewhere.sqlite3")


def test_the_host_gives_a_lost_seat_a_new_key_and_the_old_one_stops_working(rooms):
    host, dov = table(rooms, ("Ann", "Dov"))
    before = rooms.view(dov.code, dov.token)
    fresh = rooms.new_key(host.code, host.token, dov.seat)
    assert fresh.seat == dov.seat and fresh.token != dov.token and len(fresh.token) >= 22
    with pytest.raises(NotSeated):
        rooms.view(dov.code, dov.token)
    after = rooms.view(fresh.code, fresh.token)
    assert after.seat == dov.seat and after.hands[dov.seat] == before.hands[dov.seat]
    assert after.version > before.version


def test_only_the_host_gives_new_keys_and_only_to_people(rooms):
    host, dov = table(rooms, ("Ann", "Dov"), computers=("bold",))
    with unchanged(rooms, host.code):
        with pytest.raises(NotHost):
            rooms.new_key(host.code, dov.token, dov.seat)
        with pytest.raises(RoomError, match="computer player"):
            rooms.new_key(host.code, host.token, 2)
        with pytest.raises(RoomError, match="host's own key"):
            rooms.new_key(host.code, host.token, 0)
        with pytest.raises(RoomError, match="no seat"):
            rooms.new_key(host.code, host.token, 7)


def test_anyone_with_the_code_learns_who_sits_and_whether_it_started(rooms):
    host, _ = table(rooms, ("Ann", "Dov"), start=False)
    about = rooms.about(host.code.lower())
    assert about.players == ("Ann", "Dov") and not about.started and not about.over and about.rules == "Quitlok"
    rooms.start(host.code, host.token, seed=3)
    assert rooms.about(host.code).started
    rooms.end(host.code, host.token)
    assert rooms.about(host.code).over
    with pytest.raises(RoomNotFound):
        rooms.about("ZZZZZZ")


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH], ids=lambda r: r.name)
def test_three_people_play_a_whole_game_each_through_their_own_view(rooms, rules):
    """Three people, no computer: each acts only from their own view and version, until the game is over."""
    seats = table(rooms, ("Ann", "Dov", "Eve"), rules=rules, purses=12, bank=4, seed=9)
    rng = random.Random(9)
    total = 3 * 12
    for _ in range(3000):
        views = {s.seat: rooms.view(s.code, s.token) for s in seats}
        first = views[0]
        assert sum(first.chips) == total
        if first.over:
            break
        acting = [s for s in seats if views[s.seat].legal]
        assert [s.seat for s in acting] == [first.to_act], "exactly the seat to act has actions"
        me = acting[0]
        rooms.act(me.code, me.token, rng.choice(views[me.seat].legal), version=views[me.seat].version)
    assert rooms.view(seats[0].code, seats[0].token).over
