"""The contract of quitlok.rooms (SPEC section 5) on SQLite and PostgreSQL: making a room, sitting down,
starting, seeing, acting, and every refusal, each of which changes nothing."""

import hashlib

import pytest
import sqlalchemy as sa

from quitlok import KVITLACH, QUITLOK, IllegalAction
from quitlok.game import Bet, Stay, draw_for_banker, legal_actions
from quitlok.rooms import (
    ALPHABET,
    BadName,
    NotHost,
    NotSeated,
    NotYourTurn,
    RoomError,
    RoomFull,
    RoomNotFound,
    RoomStarted,
    StaleView,
)
from quitlok.rooms.database import SEATS
from tests.rooms.conftest import _engine, stored, stored_state
from tests.rooms.helpers import table, to_act, unchanged


def test_create_seats_the_host_with_a_code_and_a_secret_token(rooms):
    host = rooms.create(QUITLOK, host="Ann", bank=10, purses=40)
    assert host.seat == 0 and len(host.code) == 6 and set(host.code) <= set(ALPHABET)
    assert len(host.token) >= 43  # 32 random bytes: 256 bits
    assert host.token not in repr(host)
    with _engine(rooms.url).connect() as conn:
        row = conn.execute(sa.select(SEATS).where(SEATS.c.code == host.code)).one()
    assert row.token_hash == hashlib.sha256(host.token.encode()).hexdigest()
    assert host.token not in repr(tuple(row)), "only the token's hash is stored"
    view = rooms.view(host.code, host.token)
    assert view.players == ("Ann",) and view.seat == 0 and view.is_host and view.host == 0
    assert not view.started and view.state is None and view.to_act is None and view.legal == ()
    assert view.purses == (40,) and view.opening_bank == 10 and view.rules == QUITLOK


def test_codes_differ_and_avoid_look_alike_characters(rooms):
    codes = {rooms.create(QUITLOK, host="Ann", bank=10, purses=40).code for _ in range(20)}
    assert len(codes) == 20
    assert not set("".join(codes)) & set("0O1IL")


def test_codes_are_case_insensitive(rooms):
    host = rooms.create(QUITLOK, host="Ann", bank=10, purses=40)
    dov = rooms.join(host.code.lower(), "Dov")
    eve = rooms.join(f" {host.code[:3].lower()}-{host.code[3:]} ", "Eve")
    assert dov.code == eve.code == host.code
    assert rooms.view(host.code.lower(), dov.token).players == ("Ann", "Dov", "Eve")


@pytest.mark.parametrize("code", ["", "ABC", "ABCDEFG", "0OIL1X", "AB CD", None, 123, "x" * 100])
def test_a_code_that_cannot_be_one_is_refused(rooms, code):
    with pytest.raises(RoomNotFound, match="not a room code"):
        rooms.join(code, "Dov")


def test_an_unknown_code_is_refused_with_a_clear_message(rooms):
    host = rooms.create(QUITLOK, host="Ann", bank=10, purses=40)
    other = "".join(ALPHABET[(ALPHABET.index(c) + 1) % len(ALPHABET)] for c in host.code)
    with pytest.raises(RoomNotFound, match=f"No room has the code {other}"):
        rooms.join(other.lower(), "Dov")
    with pytest.raises(RoomNotFound):
        rooms.view(other, host.token)


def test_the_eighth_seat_is_refused(rooms):
    seats = table(rooms, ("Ann", "Dov", "Eve", "Fay"), ("cautious", "bold", "best"), start=False)
    host = seats[0]
    assert len(rooms.view(host.code, host.token).players) == 7
    with unchanged(rooms, host.code), pytest.raises(RoomFull, match="at most 7 seats"):
        rooms.join(host.code, "Gil")
    with unchanged(rooms, host.code), pytest.raises(RoomFull):
        rooms.add_computer(host.code, host.token, "bold")


@pytest.mark.parametrize("typed, kept", [
    ("  Dov  ", "Dov"), ("Ann   Lee", "Ann Lee"), ("<b>Eve</b>", "<b>Eve</b>"), ("x" * 20, "x" * 20),
    ("Zélig Ärger", "Zélig Ärger"), ("Chaim's aunt", "Chaim's aunt"),
])
def test_names_are_trimmed_and_kept_as_text(rooms, typed, kept):
    host = rooms.create(QUITLOK, host="Ann", bank=10, purses=40)
    seat = rooms.join(host.code, typed)
    assert rooms.view(host.code, seat.token).players[seat.seat] == kept


@pytest.mark.parametrize("name", ["", "   ", "x" * 21, "Dov\nCohen", "Dov\x00", "Tab\tby", "Bell\x07",
                                  "zero\u200bwidth", None, 5, "you", " YOU "])
def test_bad_names_are_refused(rooms, name):
    host = rooms.create(QUITLOK, host="Ann", bank=10, purses=40)
    with unchanged(rooms, host.code), pytest.raises(BadName):
        rooms.join(host.code, name)
    with pytest.raises(BadName):
        rooms.create(QUITLOK, host=name, bank=10, purses=40)


@pytest.mark.parametrize("taken", ["ann", "ANN", " Ann "])
def test_names_are_unique_in_a_room_whatever_their_case(rooms, taken):
    host = rooms.create(QUITLOK, host="Ann", bank=10, purses=40)
    with unchanged(rooms, host.code), pytest.raises(BadName, match="already sits at this table"):
        rooms.join(host.code, taken)


def test_a_bad_setup_is_refused_with_the_engines_reason(rooms):
    with pytest.raises(RoomError, match="bank"):
        rooms.create(QUITLOK, host="Ann", bank=0, purses=40)
    with pytest.raises(RoomError, match="cannot be more"):
        rooms.create(QUITLOK, host="Ann", bank=50, purses=40)
    with pytest.raises(RoomError, match="cannot be more"):  # (a Kvitlach share is now half of what the banker
        rooms.create(KVITLACH, host="Ann", bank=10, purses=5)  # staked, so the room's own rule refuses it first)
    with pytest.raises(RoomError, match="maximum bet"):
        rooms.create(QUITLOK, host="Ann", bank=10, purses=40, max_bet=3)
    with pytest.raises(RoomError, match="RuleSet"):
        rooms.create("Quitlok", host="Ann", bank=10, purses=40)


def test_computer_players_are_added_by_the_host_only(rooms):
    host, dov = table(rooms, start=False)
    with unchanged(rooms, host.code), pytest.raises(NotHost, match="Only the host, Ann"):
        rooms.add_computer(host.code, dov.token, "bold")
    with unchanged(rooms, host.code), pytest.raises(NotSeated):
        rooms.add_computer(host.code, "not a token", "bold")
    with unchanged(rooms, host.code), pytest.raises(RoomError, match="cautious, bold, best"):
        rooms.add_computer(host.code, host.token, "reckless")
    assert rooms.add_computer(host.code, host.token, "bold") == 2
    assert rooms.add_computer(host.code, host.token, "best") == 3
    view = rooms.view(host.code, dov.token)
    assert view.styles == (None, None, "bold", "best")
    assert len(set(view.players)) == 4 and not view.is_host


def test_start_deals_with_the_banker_drawn_by_highest_card(rooms):
    host, dov = table(rooms, ("Ann", "Dov"), ("cautious",), start=False)
    with unchanged(rooms, host.code), pytest.raises(NotHost):
        rooms.start(host.code, dov.token)
    before = rooms.version(host.code)
    version = rooms.start(host.code, host.token, seed=11)
    assert version > before
    view = rooms.view(host.code, dov.token)
    assert view.started and view.version == version and view.state is not None
    banker, rounds = draw_for_banker(QUITLOK, 3, 11)
    assert view.banker == banker and view.banker_draws == tuple(tuple(sorted(r.items())) for r in rounds)
    assert view.to_act is None or view.styles[view.to_act] is None, "a computer is never left waiting"
    with unchanged(rooms, host.code), pytest.raises(RoomStarted):
        rooms.start(host.code, host.token)
    with unchanged(rooms, host.code), pytest.raises(RoomStarted, match="started"):
        rooms.join(host.code, "Eve")
    with unchanged(rooms, host.code), pytest.raises(RoomStarted):
        rooms.add_computer(host.code, host.token, "bold")


def test_a_game_needs_two_seats(rooms):
    host = rooms.create(QUITLOK, host="Ann", bank=10, purses=40)
    with unchanged(rooms, host.code), pytest.raises(RoomError, match="at least two seats"):
        rooms.start(host.code, host.token)


def test_each_seat_sees_its_own_cards_and_only_the_face_up_cards_of_others(rooms):
    seats = table(rooms, ("Ann", "Dov", "Eve"))
    state = stored_state(rooms, seats[0].code)
    for me in seats:
        view = rooms.view(me.code, me.token)
        for seat, (cards, ups) in enumerate(zip(state.hands, state.face_up, strict=True)):
            expected = tuple(c if seat == me.seat or up else None for c, up in zip(cards, ups, strict=True))
            assert view.hands[seat] == expected
        assert view.state.hands == view.hands and view.state.seed is None
        assert view.state.stock == (None,) * len(state.stock) and view.stock_size == len(state.stock)
        assert view.legal == (tuple(legal_actions(state)) if state.to_act == me.seat else ())
        assert (view.purses, view.stakes, view.bank, view.banker) == (state.purses, state.stakes, state.bank,
                                                                      state.banker)


def test_act_applies_a_legal_action_of_the_seat_to_act(rooms):
    seats = table(rooms, ("Ann", "Dov", "Eve"))
    code = seats[0].code
    me = to_act(rooms, seats)
    view = rooms.view(code, me.token)
    version = rooms.act(code.lower(), me.token, view.legal[-1], version=view.version)
    assert version == view.version + 1 == rooms.view(code, me.token).version == rooms.version(code)


def test_refused_actions_change_nothing(rooms):
    seats = table(rooms, ("Ann", "Dov", "Eve"))
    code = seats[0].code
    me = to_act(rooms, seats)
    other = next(s for s in seats if s is not me)
    view = rooms.view(code, me.token)
    with unchanged(rooms, code), pytest.raises(StaleView, match="Someone acted first"):
        rooms.act(code, me.token, view.legal[0], version=view.version - 1)
    with unchanged(rooms, code), pytest.raises(NotYourTurn, match=f"{rooms.view(code, me.token).players[me.seat]}'s"):
        rooms.act(code, other.token, Stay(), version=view.version)
    with unchanged(rooms, code), pytest.raises(IllegalAction):
        rooms.act(code, me.token, Bet(999), version=view.version)
    with unchanged(rooms, code), pytest.raises(IllegalAction):
        rooms.act(code, me.token, "stay", version=view.version)
    with unchanged(rooms, code), pytest.raises(NotSeated):
        rooms.act(code, "stolen" + me.token, view.legal[0], version=view.version)
    with unchanged(rooms, code), pytest.raises(NotSeated):
        rooms.act(code, None, view.legal[0], version=view.version)


def test_nobody_acts_before_the_start(rooms):
    host, dov = table(rooms, start=False)
    with unchanged(rooms, host.code), pytest.raises(NotYourTurn, match="not started"):
        rooms.act(host.code, host.token, Stay(), version=rooms.version(host.code))


def test_a_token_opens_only_its_own_room(rooms):
    first = table(rooms)
    second = table(rooms)
    with pytest.raises(NotSeated):
        rooms.view(second[0].code, first[0].token)


def test_every_change_raises_the_version(rooms):
    host = rooms.create(QUITLOK, host="Ann", bank=10, purses=40)
    versions = [rooms.version(host.code)]
    rooms.join(host.code, "Dov")
    versions.append(rooms.version(host.code))
    rooms.add_computer(host.code, host.token, "bold")
    versions.append(rooms.version(host.code))
    versions.append(rooms.start(host.code, host.token))
    assert versions == sorted(set(versions))


def test_the_stored_game_is_readable_json(rooms):
    seats = table(rooms)
    text = stored(rooms, seats[0].code).state
    assert text.lstrip().startswith("{") and '"players": [' in text and "Ann" in text
