"""A room keeps its game without its log, and each write's events as rows (quitlok.rooms.log).

A write costs the same however long the game; a seat reads, row by row, the event or its hidden form as the
database hands it (never another seat's secret); a room stored by an earlier version (its whole log inside the
game, as events or as sentences) opens and goes on, its log moved into rows at its first write; a new game
starts the log afresh, and a purge leaves no row behind.
"""

import json
import random
from dataclasses import replace

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quitlok import KVITLACH, QUITLOK
from quitlok.events import CardDealt, ElevenProtected, KeptBank, MayRetire, RoomNote
from quitlok.game import Aluvun, Bet, Draw, Keep, StakeBank, new_game, seen_events
from quitlok.narration import log, sentences, status_line
from quitlok.rooms import RoomError, Rooms
from quitlok.rooms import log as room_log
from quitlok.rooms import store as store_module
from quitlok.rooms.database import EVENTS
from quitlok.state_json import state_to_json
from tests.rooms.conftest import _engine, rig, stored, stored_state
from tests.rooms.helpers import said, settled, table

#: house rules under which secrets come often: the banker may retire from his first hand, the 11 comes face down
HOUSE_RULES = [QUITLOK, KVITLACH, replace(QUITLOK, retire_from_hand=1), replace(KVITLACH, retire_from_hand=1),
               replace(QUITLOK, blots=False, twelve_values=(12, 10)), replace(KVITLACH, elvaroon_raise=False)]


def rows(rooms: Rooms, code: str) -> list[sa.Row]:
    with _engine(rooms.url).connect() as conn:
        return conn.execute(sa.select(EVENTS).where(EVENTS.c.code == code).order_by(EVENTS.c.at, EVENTS.c.number)).all()


def written(rooms: Rooms, code: str) -> int:
    """The bytes the room's last write left: its game's text and the rows it appended."""
    room = stored(rooms, code)
    logged = [r for r in rows(rooms, code) if r.at == room.version]
    return len(room.state) + sum(len(r.event) + len(r.hidden or "") for r in logged)


def modest(legal, rng: random.Random):
    """A random legal move, the bets and banks among them the smallest two (so that a long game goes on)."""
    staking = [a for a in legal if isinstance(a, Bet | StakeBank)]
    small = [a for a in legal if a not in staking] + staking[:2]
    return rng.choice(small)


def play(rooms: Rooms, seats, moves: int, rng: random.Random) -> None:
    """`moves` moves of the people at the table, each a random legal one of small stakes (the computers playing
    on between)."""
    for _ in range(moves):
        view = settled(rooms, seats[0])
        if view.over:
            return
        me = next(s for s in seats if s.seat == view.to_act)
        view = rooms.view(me.code, me.token)
        rooms.act(me.code, me.token, modest(view.legal, rng), version=view.version)


def test_a_write_stays_the_same_size_however_long_the_game(rooms):
    """The game is kept without its log: after 300 moves a write is no larger than after 10 (it was the whole
    log, 1.5 MB after 20,000 moves), and the log is all there, in rows."""
    seats = table(rooms, ("Ann", "Dov"), ["cautious"], bank=10, purses=5000, seed=5)
    code, rng = seats[0].code, random.Random(5)
    play(rooms, seats, 10, rng)
    early = written(rooms, code)
    play(rooms, seats, 290, rng)
    assert json.loads(stored(rooms, code).state)["events"] == []
    assert written(rooms, code) < max(2 * early, 6000)
    whole = stored_state(rooms, code)
    assert len(rows(rooms, code)) == len(whole.events) > 600
    view = rooms.view(code, seats[0].token)
    assert view.events == seen_events(whole.events, 0)


def test_a_seat_reads_its_own_secrets_and_the_hidden_form_of_others(rooms):
    """Row by row, in the database: a face-down card's row is its seat's; every other seat and onlooker is handed
    the event with its card None. The rows say which seat may see them."""
    seats = table(rooms, ("Ann", "Dov", "Eve"), seed=11)
    code = seats[0].code
    play(rooms, seats, 3, random.Random(11))
    dealt = [r for r in rows(rooms, code) if r.kind == "CardDealt" and r.seat is not None]
    assert dealt and all(json.loads(r.hidden)["card"] is None for r in dealt)
    with _engine(rooms.url).connect() as conn:
        for seat in (0, 1, 2, None):
            read = room_log.read_seen(conn, code, seat)
            cards = [(e.seat, e.card) for _, _, e in read if isinstance(e, CardDealt) and not e.face_up]
            assert cards and all((card is None) == (who != seat) for who, card in cards)


def test_a_protected_11_dealt_face_down_is_shown_once_decided_in_a_later_write(rooms):
    """Its row is its player's while he decides; the decision, written by another move, makes the row public
    (the same transaction), as seen_events reads the whole log."""
    ann, dov = table(rooms, ("Ann", "Dov"), rules=KVITLACH)
    # Dov gets a 12, Ann a 9; Dov draws a 1 (12 + 1 can count 11), calls elvaroon and gets an 11, face down
    rig(rooms, ann.code, new_game(KVITLACH, ["Ann", "Dov"], banker=0, bank=8, purses=40, stock=[12, 9, 1, 11], seed=1))
    for action in (Bet(1), Draw(), Aluvun(), Draw()):
        view = rooms.view(dov.code, dov.token)
        rooms.act(dov.code, dov.token, action, version=view.version)
    secret = [r for r in rows(rooms, ann.code) if r.kind == "ElevenProtected"]
    assert len(secret) == 1 and secret[0].seat == 1
    theirs = rooms.view(ann.code, ann.token)
    assert not any(isinstance(e, ElevenProtected) and e.card for e in theirs.state.events)
    view = rooms.view(dov.code, dov.token)
    rooms.act(dov.code, dov.token, Keep(), version=view.version)
    assert [r.seat for r in rows(rooms, ann.code) if r.kind == "ElevenProtected"] == [None]
    theirs = rooms.view(ann.code, ann.token)  # read incrementally: the row read before is read again
    assert any(isinstance(e, ElevenProtected) and e.card == 11 for e in theirs.state.events)
    assert theirs.state.events == seen_events(stored_state(rooms, ann.code).events, 0)


def old_format_1(state) -> str:
    """The state as the first format kept it: the log as sentences, the statuses as short lines, no move counter."""
    data = json.loads(state_to_json(state))
    data.update(format=1, events=list(log(state)), status=[status_line(s) for s in state.seat_status],
                last_hand=[status_line(s) for s in state.last_status])
    for name in ("seat_status", "last_status", "moves"):
        del data[name]
    return json.dumps(data)


@pytest.mark.parametrize("form", ["events", "sentences"])
def test_a_room_stored_with_its_whole_log_opens_and_goes_on(rooms, form):
    """A room an earlier version stored (its whole log in the game: as events, or as sentences) shows its log
    as before; its next write moves the log into rows, and play goes on."""
    seats = table(rooms, ("Ann", "Dov"), ["bold"], seed=8)
    code = seats[0].code
    play(rooms, seats, 6, random.Random(8))
    whole = stored_state(rooms, code)
    def read(view):  # the first format kept the log as English prose, which named every seat, its reader's too
        return said(view) if form == "events" else sentences(view.events, view.players)

    before = {s.seat: read(rooms.view(code, s.token)) for s in seats}
    # once written again, the log is the game's events (sentences of the first format read back as the events
    # they word: quitlok.narration.events_from_lines), each seat reading its own moves as "You ..."
    said_before = {s.seat: said(rooms.view(code, s.token)) for s in seats}
    old = state_to_json(whole) if form == "events" else old_format_1(whole)
    with _engine(rooms.url).begin() as conn:
        conn.execute(sa.delete(EVENTS).where(EVENTS.c.code == code))
        conn.execute(sa.update(store_module.ROOMS).where(store_module.ROOMS.c.code == code).values(state=old))
    for seat in seats:
        assert read(rooms.view(code, seat.token)) == before[seat.seat], "read as it was"
    assert rows(rooms, code) == []
    play(rooms, seats, 1, random.Random(9))
    assert json.loads(stored(rooms, code).state)["events"] == []
    assert len(rows(rooms, code)) > len(json.loads(old)["events"])
    for seat in seats:
        after = said(rooms.view(code, seat.token))
        assert after[:len(said_before[seat.seat])] == said_before[seat.seat] and len(after) > len(before[seat.seat])
    play(rooms, seats, 5, random.Random(10))


def test_a_view_reads_only_the_rows_written_since_its_last(rooms, monkeypatch):
    """The second look at a room reads the rows of the moves since, not the whole log again."""
    seats = table(rooms, ("Ann", "Dov"), seed=4)
    code, rng = seats[0].code, random.Random(4)
    play(rooms, seats, 20, rng)
    rooms.view(code, seats[0].token)
    read = []
    real = room_log.read_seen
    monkeypatch.setattr(room_log, "read_seen", lambda *a, **k: read.append(real(*a, **k)) or read[-1])
    play(rooms, seats, 1, rng)
    view = rooms.view(code, seats[0].token)
    assert read and len(read[-1]) < 40 < len(view.state.events)
    assert view.state.events == seen_events(stored_state(rooms, code).events, 0)


def test_a_new_game_starts_the_log_afresh_and_a_purge_leaves_no_row(rooms, clock):
    seats = table(rooms, ("Ann", "Dov"), seed=2)
    code = seats[0].code
    play(rooms, seats, 4, random.Random(2))
    old = rooms.view(code, seats[0].token)
    rooms.end(code, seats[0].token)
    rooms.rematch(code, seats[0].token, seed=3)
    view = rooms.view(code, seats[0].token)
    assert len(view.events) < len(old.events) + 1 and RoomNote("ended") not in view.events
    assert view.state.events == seen_events(stored_state(rooms, code).events, 0)
    assert min(r.at for r in rows(rooms, code)) == stored(rooms, code).version
    clock.now += store_module.FAMILY_IDLE_SECONDS + 60
    rooms.purge()
    assert rows(rooms, code) == []


def test_log_since_gives_the_events_after_a_version(rooms):
    seats = table(rooms, ("Ann", "Dov"), seed=6)
    code = seats[0].code
    view = rooms.view(code, seats[1].token)
    play(rooms, seats, 3, random.Random(6))
    after = rooms.view(code, seats[1].token)
    since = rooms.log_since(code, seats[1].token, view.version)
    assert since and after.state.events == view.state.events + since
    assert rooms.log_since(code, seats[1].token, 0) == after.state.events
    assert rooms.log_since(code, seats[1].token, after.version) == ()
    for bad in (-1, 1.5, True, "3", None):
        with pytest.raises(RoomError, match="whole number"):
            rooms.log_since(code, seats[1].token, bad)


@pytest.fixture
def sqlite_rooms(tmp_path, clock):
    store = Rooms(f"sqlite:///{tmp_path / 'rows.sqlite3'}", clock=clock)
    yield store
    store.close()


def _secret_cards(event, seat) -> tuple:
    """The cards `event`, as a reader at `seat` holds it, names that the seat may not see: a card dealt face down
    to another seat, another banker's retire chance or kept bank, another player's protected 11 dealt face down
    (the caller checks that one's decision did not come next)."""
    if isinstance(event, CardDealt) and not event.face_up and event.seat != seat and event.card is not None:
        return (event.card,)
    if isinstance(event, MayRetire | KeptBank) and event.seat != seat and event.card is not None:
        return (event.card,)
    return ()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rules=st.sampled_from(HOUSE_RULES), people=st.integers(2, 3), computers=st.integers(0, 2),
       seed=st.integers(0, 10**6), moves=st.integers(5, 60))
def test_no_stored_row_a_seat_reads_holds_a_card_it_may_not_see(sqlite_rooms, rules, people, computers, seed,
                                                                 moves):
    """Random games, both traditions and house rules: whatever the store hands a seat or an onlooker (its view's
    game, its log read afresh, the rows since a version), past events included, names no card that reader may
    not see, and is exactly the engine's own reading of the whole log (seen_events)."""
    rooms = sqlite_rooms
    seats = table(rooms, ["Ann", "Dov", "Eve"][:people], ["cautious", "bold"][:computers], rules=rules, bank=8,
                  purses=30, seed=seed)
    code, rng = seats[0].code, random.Random(seed)
    marks = {s.seat: 0 for s in seats}
    for _ in range(moves):
        whole = stored_state(rooms, code).events
        for s in seats:
            view = rooms.view(code, s.token)
            for events in (view.state.events, rooms.log_since(code, s.token, 0)):
                assert events == seen_events(whole, s.seat)
                for i, event in enumerate(events):
                    assert not _secret_cards(event, s.seat), (i, event)
                    if (isinstance(event, ElevenProtected) and not event.face_up and event.seat != s.seat
                            and event.card is not None):  # shown only once its player has decided
                        later = next((e for e in whole[i + 1:] if type(e).__name__ != "Prose"), None)
                        assert later is not None and event.revealed_by(later), (i, event)
            since = rooms.log_since(code, s.token, marks[s.seat])
            assert not any(_secret_cards(e, s.seat) for e in since)
            marks[s.seat] = view.version
        watched = rooms.watch(code).state.events
        assert watched == seen_events(whole, None) and not any(_secret_cards(e, None) for e in watched)
        view = settled(rooms, seats[0])
        if view.over:
            break
        me = next(s for s in seats if s.seat == view.to_act)
        view = rooms.view(code, me.token)
        rooms.act(code, me.token, rng.choice(view.legal), version=view.version)
