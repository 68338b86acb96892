"""An abandoned game ends (issue 22, item 2), on SQLite and PostgreSQL: once no person's page has said it was
here for GONE_SECONDS, the computers would play on for nobody (every onlooker's look, every view of a library
caller, playing another step for the absent and rewriting a growing game). The room ends the game instead, as
the host would: each seat keeps what it holds, the night's result is kept once, no computer moves again, a
person who comes back is told why, and the host may start again."""

import pytest

from quitlok.events import RoomNote
from quitlok.rooms import AWAY_SECONDS, GONE_SECONDS
from tests.rooms.helpers import said, settled, table, unchanged


def beat(rooms, seats):
    for seat in seats:
        rooms.here(seat.code, seat.token, f"device-{seat.seat:04d}")


@pytest.fixture
def left(rooms, clock):
    """Ann and Dov at a table with a bold computer, both pages open, then both gone for GONE_SECONDS."""
    seats = table(rooms, ("Ann", "Dov"), ("bold",), purses=60, seed=5)
    beat(rooms, seats)
    settled(rooms, seats[0])
    clock.now += GONE_SECONDS + 1
    return seats


def test_a_game_every_person_has_left_ends_with_its_results_and_no_computer_plays_on(rooms, left):
    ann, dov = left
    watched = rooms.watch(ann.code)  # an onlooker's look would have played a step for the absent
    assert watched.over and watched.abandoned and not watched.ended_by_host and not watched.people_out
    assert watched.events[-1] == RoomNote("abandoned", minutes=GONE_SECONDS // 60) and not watched.computer_to_act
    assert said(watched)[-1].startswith(f"Everyone at the table had been gone for {GONE_SECONDS // 60} minutes")
    assert watched.to_act is None and sum(watched.chips) == 3 * 60
    with unchanged(rooms, ann.code):  # ended: nobody plays on, however often it is looked at
        for _ in range(3):
            rooms.watch(ann.code)
            rooms.view(ann.code, dov.token)
    assert len(watched.nights) == 1, "the night's result is kept, once"
    assert list(watched.nights[0].won) == [c - 60 for c in watched.chips] and sum(watched.nights[0].won) == 0


def test_a_person_who_comes_back_is_told_why_and_the_host_may_start_again(rooms, left):
    ann, dov = left
    rooms.watch(ann.code)
    beat(rooms, [dov])
    back = rooms.view(dov.code, dov.token, device="device-0001")
    assert back.over and back.abandoned and back.legal == () and not back.ended_by_host
    beat(rooms, [ann])
    rooms.rematch(ann.code, ann.token, seed=7)
    again = rooms.view(ann.code, ann.token, device="device-0000")
    assert again.started and not again.over and not again.abandoned
    assert sum(again.chips) == 3 * 60 and len(again.nights) == 1


def test_a_second_abandoned_game_adds_its_own_night(rooms, clock, left):
    ann, dov = left
    rooms.watch(ann.code)
    beat(rooms, [ann, dov])
    rooms.rematch(ann.code, ann.token, seed=7)
    settled(rooms, ann)
    clock.now += GONE_SECONDS + 1
    view = rooms.watch(ann.code)
    assert view.abandoned and len(view.nights) == 2
    assert list(view.nights[1].won) == [c - 60 for c in view.chips]


def test_while_someone_is_still_here_or_only_away_the_game_goes_on(rooms, clock):
    ann, dov = table(rooms, ("Ann", "Dov"), ("bold",), purses=60, seed=5)
    beat(rooms, [ann, dov])
    settled(rooms, ann)
    clock.now += AWAY_SECONDS + 1  # both away, not gone: their stand-ins play on
    assert not rooms.watch(ann.code).over
    clock.now += GONE_SECONDS
    beat(rooms, [ann])  # Ann is back in time; Dov is gone
    view = rooms.watch(ann.code)
    assert not view.over and not view.abandoned and view.presence[:2] == ("here", "gone")


def test_a_page_viewing_its_own_seat_is_here_whatever_its_last_heartbeat(rooms, left):
    ann, _ = left
    view = rooms.view(ann.code, ann.token, device="device-0000")
    assert not view.over and not view.abandoned


def test_a_seat_no_page_has_ever_beaten_for_keeps_its_game(rooms, clock):
    """A library caller's seat, or the class table's, sends no heartbeat: it is never absent, so never gone."""
    ann, dov = table(rooms, ("Ann", "Dov"), ("bold",), purses=60, seed=5)
    beat(rooms, [ann])
    clock.now += GONE_SECONDS + 1
    assert not rooms.watch(ann.code).over
