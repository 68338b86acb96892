"""Between games (issue 23, item 8): a rematch in the same room keeps its seats; each finished game adds a
night's result to the room's running score, kept with the room (for a family, the eight nights of Hanukkah: the
room is then kept nine days); the family setting hides the coaching notes for every seat. SQLite and PostgreSQL."""

import json

import pytest
import sqlalchemy as sa

from quitlok.game import COMPUTER_NAMES, TypedName, seat_name
from quitlok.i18n import use
from quitlok.rooms import NotHost, RoomError, RoomNotFound, RoomStarted
from quitlok.rooms.database import FAMILY
from quitlok.rooms.store import FAMILY_IDLE_SECONDS, IDLE_SECONDS
from tests.rooms.conftest import _engine
from tests.rooms.helpers import table, unchanged


def finish(rooms, seats) -> None:
    """The host ends the game: each seat keeps its chips."""
    rooms.end(seats[0].code, seats[0].token)


def test_a_finished_game_adds_a_night_and_a_rematch_keeps_the_seats(rooms):
    ann, dov = table(rooms, ("Ann", "Dov"), ("bold",), seed=3)
    code = ann.code
    assert rooms.view(code, ann.token).nights == ()
    with pytest.raises(RoomStarted), unchanged(rooms, code):
        rooms.rematch(code, ann.token)  # the first game is still being played
    finish(rooms, [ann, dov])
    first = rooms.view(code, dov.token)
    assert first.over and len(first.nights) == 1
    night = first.nights[0]
    assert night.players == ("Ann", "Dov", first.players[2])
    assert list(night.won) == [c - first.starting_purse for c in first.chips]
    assert sum(night.won) == 0  # money is conserved
    with pytest.raises(NotHost), unchanged(rooms, code):
        rooms.rematch(code, dov.token)
    rooms.rematch(code, ann.token, seed=5)
    again = rooms.view(code, dov.token)  # the same keys open the same seats
    assert again.started and not again.over and again.players == first.players and again.styles == first.styles
    assert sum(again.chips) == 3 * again.starting_purse  # everyone starts afresh
    assert again.nights == first.nights  # the running score stays
    finish(rooms, [ann, dov])
    assert len(rooms.view(code, ann.token).nights) == 2
    rooms.end(code, ann.token)  # ending an ended game again adds no night
    assert len(rooms.view(code, ann.token).nights) == 2


def test_a_game_over_by_the_rules_adds_its_night_once(rooms):
    ann, dov = table(rooms, ("Ann", "Dov"), purses=10, bank=10, seed=3)
    code = ann.code
    for _ in range(400):
        view = rooms.view(code, ann.token)
        if view.over:
            break
        seat = ann if view.to_act == ann.seat else dov
        mine = rooms.view(code, seat.token)
        bets = [a for a in mine.legal if type(a).__name__ == "Bet"]
        rooms.act(code, seat.token, max(bets, key=lambda b: b.n) if bets else mine.legal[0], version=mine.version)
    view = rooms.view(code, ann.token)
    assert view.over and not view.ended_by_host
    assert len(view.nights) == 1 and sorted(view.nights[0].won) == [-10, 10]
    rooms.end(code, ann.token)  # the host closes the finished game: still one night
    assert len(rooms.view(code, ann.token).nights) == 1


def test_the_family_setting_hides_the_coaching_notes_for_every_seat(rooms):
    ann, dov = table(rooms, ("Ann", "Dov"), seed=3)
    code = ann.code
    assert rooms.view(code, dov.token).coaching
    with pytest.raises(NotHost), unchanged(rooms, code):
        rooms.set_coaching(code, dov.token, False)
    with pytest.raises(RoomError), unchanged(rooms, code):
        rooms.set_coaching(code, ann.token, "no")
    version = rooms.view(code, dov.token).version
    assert rooms.set_coaching(code, ann.token, False) == version + 1  # every page redraws
    assert not rooms.view(code, dov.token).coaching
    assert rooms.set_coaching(code, ann.token, False) == version + 1  # as it is already: no change
    rooms.set_coaching(code, ann.token, True)
    assert rooms.view(code, dov.token).coaching
    quiet = rooms.create(rooms.view(code, ann.token).rules, host="Eli", bank=5,
                         purses=10, coaching=False)
    rooms.join(quiet.code, "Fay")
    assert not rooms.view(quiet.code, quiet.token).coaching


def test_a_family_room_with_a_night_is_kept_nine_days(rooms, clock):
    ann, dov = table(rooms, ("Ann", "Dov"), seed=3)
    other, _ = table(rooms, ("Eli", "Fay"), seed=3)
    finish(rooms, [ann, dov])
    clock.now += IDLE_SECONDS + 3600  # the next evening
    rooms.purge()  # the room without a night goes, the family's stays
    with pytest.raises(RoomNotFound):
        rooms.view(other.code, other.token)
    assert len(rooms.view(ann.code, ann.token).nights) == 1
    rooms.rematch(ann.code, ann.token)
    clock.now += FAMILY_IDLE_SECONDS + 1
    with pytest.raises(RoomNotFound):
        rooms.view(ann.code, ann.token)
    assert rooms.purge() >= 1


def test_a_night_names_a_computer_by_its_key_and_a_person_as_typed(rooms):
    """A night's names are the room's: a computer player's a key (shown in the reader's letters, Bella as בלה on a
    Hebrew page), a person's a TypedName (shown as typed, even one spelt "Chaim"). A night kept before a night said
    which seats computers played reads its computers from the room's seats."""
    chaim, dov = table(rooms, ("Chaim", "Dov"), ("bold",), seed=3)
    code = chaim.code
    finish(rooms, [chaim, dov])
    view = rooms.view(code, dov.token)
    night = view.nights[0]
    assert [type(name) for name in night.players] == [TypedName, TypedName, str]
    assert night.players[2] == view.players[2] and night.players[2] in COMPUTER_NAMES
    with use("he"):
        assert seat_name(night.players[0]) == "Chaim" and seat_name(night.players[2]) != night.players[2]
    with _engine(rooms.url).begin() as conn:  # as an earlier version kept it
        old = [{key: value for key, value in kept.items() if key != "computers"}
               for kept in json.loads(conn.execute(sa.select(FAMILY.c.nights).where(FAMILY.c.code == code)).scalar())]
        conn.execute(sa.update(FAMILY).where(FAMILY.c.code == code).values(nights=json.dumps(old)))
    assert [type(name) for name in rooms.view(code, dov.token).nights[0].players] == [TypedName, TypedName, str]
