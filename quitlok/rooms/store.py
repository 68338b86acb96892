"""The rooms store: create, join, start and play shared games, kept in a database (SPEC section 5).

The database is the only authority, as boardgame.io's server is. A call reads the room, checks what the
caller may do, and works the change out with the engine's own `apply_action`, letting the computer seats
play on until a person is to act; then it writes the new state in one short transaction with
``UPDATE ... WHERE code = :c AND version = :v`` (compare-and-swap), with any change to the seats in the
same transaction. Two clicks at the same moment can never both apply: the second finds a newer version
and gets StaleView; a computer's move is written once, by whichever call got there first. A refused call
raises before anything is written, or inside the write transaction, which is then rolled back: it changes
nothing. No lock is held while the engine works, so a long computer turn never holds up another room.
"""

import contextlib
import functools
import hashlib
import hmac
import itertools
import json
import re
import secrets
import threading
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

import sqlalchemy as sa

from quitlok.bots import PLAYERS, ComputerPlayer
from quitlok.errors import InvalidSetup, shown
from quitlok.events import Event, RoomNote
from quitlok.game import (
    CLASS,
    OVER,
    Action,
    State,
    TypedName,
    apply_action,
    draw_for_banker,
    legal_actions,
    new_game,
    seat_name,
)
from quitlok.i18n import N_, _
from quitlok.practice import COMPUTER_NAMES
from quitlok.rooms import log as room_log
from quitlok.rooms.database import EVENTS, FAMILY, KEYS_GONE, PRESENCE, REQUESTS, ROOM_SETTINGS, ROOMS, SEATS, Store
from quitlok.rooms.errors import (
    BadName,
    NoSuchPlayer,
    NoSuchRequest,
    NotHost,
    NotSeated,
    NotYourTurn,
    RoomError,
    RoomFull,
    RoomNotFound,
    RoomPaused,
    RoomStarted,
    SeatMoved,
    SeatRevoked,
    StaleView,
)
from quitlok.rooms.seat_view import Night, RoomView, seat_state
from quitlok.rules import RuleSet
from quitlok.sim import step
from quitlok.state_json import rules_from_dict, rules_to_dict, state_from_json, state_to_json
from quitlok.text import isolated
from quitlok.validate import flag, rule_set, whole_number

#: join codes use these characters only: no 0/O, 1/I/L, which people mistake for each other
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: the most seats round one table
MAX_SEATS = 7
#: the longest name, in characters, after trimming
MAX_NAME = 20
#: a room nobody has changed for this long is removed
IDLE_SECONDS = 12 * 3600
#: a family's room, once it has a finished game's result (a night), is kept this long without use: the eight nights
#: of Hanukkah and one more
FAMILY_IDLE_SECONDS = 9 * 24 * 3600
#: the most computer moves one call makes, so that a call (a person's move, a page's look at the room) costs
#: about what a person's move costs; a stretch that needs more (a hand or a bank in which no person has a
#: decision) is played on by the views that follow, a bounded step each
MAX_COMPUTER_MOVES = 60
#: and the most time those moves may take, in seconds (a best-play computer's decision can take 20 ms)
COMPUTER_SECONDS = 0.15
#: how often the host's tools work a change out again when someone else changed the room first
RETRIES = 5
#: the total a banker model stands on when the banker is a person
PERSON_BANKER_MODEL = 17
#: presence (SPEC section 5): a seat none of whose devices has sent a heartbeat (Rooms.here) for this long is
#: away: the host role passes on, and a computer plays the seat until its person is back
AWAY_SECONDS = 30
#: and after this long it is gone (the table says so; it is played for as when away)
GONE_SECONDS = 300
#: a device's heartbeat older than this is forgotten
FORGET_SECONDS = 3600
#: the computer player that plays a seat for its absent person, or makes a move when the turn timer runs out
STAND_IN = "cautious"
#: the shortest and longest turn timer the host may set, in seconds
TURN_SECONDS = (10, 600)
#: the most requests to be let in that may wait in one room at a time
MAX_WAITING = 10
_DEVICE = re.compile(r"[A-Za-z0-9_-]{8,64}")


@dataclass(frozen=True)
class Seat:
    """A place at a room's table: whoever holds `token` plays seat `seat` of room `code`.

    `seat` is the index the seat had when it was given; if the host removes an earlier seat before the
    start, later seats move down one, and `RoomView.seat` has the current index.
    """

    code: str
    token: str = field(repr=False)
    seat: int


@dataclass(frozen=True)
class RoomSummary:
    """A room as anyone with its code may see it (Rooms.about)."""

    code: str
    players: tuple[str, ...]
    started: bool
    #: the game is over by the rules, or the host ended it (or closed the room before the start)
    over: bool
    #: the name of the room's rules ("Quitlok", "Kvitlach", "Quitlok with house rules")
    rules: str
    #: the room's version when this was read (what a page drew, to know whether it changed since)
    version: int = 0


@dataclass(frozen=True)
class Request:
    """A request to be let back into seat `seat` of room `code` from a new device. Whoever holds `token`
    made it; once the request is let in, `token` is that seat's key (Rooms.asked says when)."""

    code: str
    token: str = field(repr=False)
    number: int
    seat: int


@dataclass(frozen=True)
class Asked:
    """Where a request to be let in stands: "waiting", "in" (the request's key now opens the seat) or
    "refused"; `by` names who answered."""

    answer: str
    seat: int
    name: str
    by: str | None


class Presence(NamedTuple):
    """What a heartbeat answers (Rooms.here): every seat's presence, and how many other devices hold this seat."""

    seats: tuple[str, ...]
    other_devices: int


class Extra(NamedTuple):
    """What a room holds beside its row and its seats: when each seat's devices were last seen, the
    requests to be let in still waiting, the turn timer, and the seats the host took back from a person."""

    seen: dict[int, dict[str, float]]
    waiting: tuple[sa.Row, ...]
    turn_seconds: int | None
    revoked: frozenset[int]
    #: each (seat, device)'s first heartbeat
    since: dict[tuple[int, str], float]
    #: the room's family row (its nights' results, the setting for coaching notes), None before one was kept
    family: "sa.Row | None" = None
    #: when this server last found the database unreachable: no seat is silent for longer than since then
    #: (the outage silenced everyone's heartbeat, so it makes no one away)
    lost_at: float = 0.0
    #: seats that this very call shows to be here (a page viewing its own seat), whatever their heartbeat
    present: frozenset[int] = frozenset()

    def last_seen(self, seat: int) -> float | None:
        """When a device of `seat` last said it was here (None: never), or when the database was last
        unreachable, if later."""
        devices = self.seen.get(seat)
        return max(max(devices.values()), self.lost_at) if devices else None


#: a seat's log as read from the room's rows: its events (the page words them in its reader's language)
SeatLog = tuple[Event, ...]
#: a log read for nobody
_NO_LOG: SeatLog = ()


class Change(NamedTuple):
    """What a call changes: the room's new column values, and statements on its seats, written together. The
    game (`values["state"]`) is a State: its events are appended to the room's log as rows, and it is kept
    without them (_save). `new_game`: the game is a new one (start, rematch), whose log starts afresh."""

    values: dict
    seats: Sequence[sa.Executable] = ()
    new_game: bool = False


class Rooms(Store):
    """The store of rooms, in the database at `url` (see quitlok.rooms.database for the default).

    `clock` gives the time in seconds since the epoch; tests pass their own to age rooms. One object
    serves every thread of an app server; several servers may share one PostgreSQL database.
    """

    # --- making a room and sitting down ---------------------------------------------------------

    def create(self, rules: RuleSet, *, host: str, bank: int, purses: int, max_bet: int | None = None,
               choose_stake: bool = True, coaching: bool = True) -> Seat:
        """A new room with its host at seat 0. `bank` is the opening bank, `purses` each seat's chips,
        `max_bet` the agreed maximum bet under rules that have one (default: the rules' own), and
        `choose_stake` lets each new banker choose his stake (as at the practice table). `coaching` False is
        the family setting that hides the coaching notes at the table (set_coaching changes it later).

        Rooms idle for 12 hours are removed first."""
        _check_setup(rules, bank, purses, max_bet, choose_stake)  # the setup's problem first, then the name's
        _flag("coaching", coaching)
        name, key = person_name(host)
        return self._create(rules, name, key, bank=bank, purses=purses, max_bet=max_bet, choose_stake=choose_stake,
                            coaching=coaching)

    def _create(self, rules: RuleSet, name: str, key: str, *, bank: int, purses: int, max_bet: int | None = None,
                choose_stake: bool = True, coaching: bool = True) -> Seat:
        """`create`, its host's seat named `name` (already checked, or a key a person cannot take: the class's seat
        of a class table, quitlok.game.CLASS) with `key` for uniqueness."""
        rules = _check_setup(rules, bank, purses, max_bet, choose_stake)
        _flag("coaching", coaching)
        self.purge()
        token = secrets.token_urlsafe(32)
        for _attempt in range(20):
            code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
            now = self._clock()
            try:
                with self._transaction(write=True) as conn:
                    conn.execute(sa.insert(ROOMS).values(
                        code=code, version=1, rules=json.dumps(rules_to_dict(rules)), bank=bank, purses=purses,
                        max_bet=max_bet, choose_stake=choose_stake, state=None, draws="[]", paused=False,
                        ended=False, created=now, touched=now))
                    self._insert_seat(conn, code, 0, name, key, token=token)
                    conn.execute(sa.insert(FAMILY).values(code=code, coaching=coaching, nights="[]"))
                return Seat(code, token, 0)
            except sa.exc.IntegrityError:
                continue  # the code is taken: draw another
        raise RoomError(_("No free room code was found; please try again."))

    def join(self, code: str, name: str) -> Seat:
        """Sit down in room `code` as `name`, before the game starts."""
        code = room_code(code)
        name, key = person_name(name)
        token = secrets.token_urlsafe(32)
        with self._transaction(write=True) as conn:
            room, seats = self._load(conn, code, lock=True)
            seat = self._new_seat(room, seats, name, key)
            self._insert_seat(conn, code, seat, name, key, token=token)
            self._save(conn, room)
        return Seat(code, token, seat)

    def add_computer(self, code: str, host_token: str, style: str) -> int:
        """The host adds a computer player of `style` (a key of quitlok.bots.PLAYERS); returns its seat."""
        code = room_code(code)
        if not isinstance(style, str) or style not in PLAYERS:
            raise RoomError(_("There is no computer player called {value}; choose {styles}.").format(
                value=shown(style), styles=_styles()))
        with self._transaction(write=True) as conn:
            room, seats = self._load(conn, code, lock=True)
            self._host(seats, host_token, code, "add computer players")
            taken = {s.name_key for s in seats}
            name = next(n for n in COMPUTER_NAMES if n.casefold() not in taken)
            seat = self._new_seat(room, seats, name, name.casefold())
            self._insert_seat(conn, code, seat, name, name.casefold(), style=style)
            self._save(conn, room)
        return seat

    def start(self, code: str, host_token: str, *, seed: int | None = None) -> int:
        """The host starts the game: the first banker is the seat dealt the highest card, he stakes his bank
        and the first hand is dealt; computer seats play on. Returns the new version. `seed` fixes the deal
        (for tests); by default it comes from `secrets`."""
        code = room_code(code)
        seed = secrets.randbelow(2**32) if seed is None else seed

        def deal(room: sa.Row, seats: list[sa.Row]) -> Change:
            self._host(seats, host_token, code, "start the game")
            if room.state is not None or room.ended:
                raise RoomStarted((_("The game in room {code} has already ended.") if room.ended else
                                   _("The game in room {code} has already started.")).format(code=code))
            if len(seats) < 2:
                raise RoomError(_("A game needs at least two seats: wait for someone to join, or add a computer "
                                  "player."))
            rules = _rules(room)
            banker, rounds = draw_for_banker(rules, len(seats), seed)
            state = new_game(rules, [s.name for s in seats], banker=banker, bank=room.bank, purses=room.purses,
                             seed=seed, max_bet=room.max_bet, choose_stake=room.choose_stake)
            draws = [sorted(r.items()) for r in rounds]
            return Change({**_played(state, seats), "draws": json.dumps(draws)}, new_game=True)

        return self._change(code, deal, retries=RETRIES)

    # --- playing ------------------------------------------------------------------------------------

    def view(self, code: str, token: str, *, device: str | None = None) -> RoomView:
        """The room as the seat holding `token` sees it; `device` (the name the page gave itself, as for
        `here`) lets the view say whether the seat is open on another device too (RoomView.other_device).

        Computer seats that were left to play (every call stops after MAX_COMPUTER_MOVES of their moves or
        COMPUTER_SECONDS, so that it costs about what a person's move costs) play on first, one such step, so
        a view finds a computer to act only while computers alone make more moves in a row than one step
        holds (a hand in which no person has a decision): the next view goes on. The same step plays for a
        person who is away, and makes the move of a person whose turn timer ran out (`_to_play`). Once no
        person has a chip left, the room ends the game (RoomView.people_out): nothing is left to play for
        anyone watching; so it does once every person has left the table (RoomView.abandoned: no person's
        page has said it was here for GONE_SECONDS), rather than let the computers play on for nobody. A key
        that no longer opens its seat raises SeatMoved or SeatRevoked, which say why."""
        code = room_code(code)
        if device is not None:
            device = _device(device)
        def mine(seats: list[sa.Row]) -> int:
            return self._seat_of(seats, token, code).seat

        room, seats, extra, log = self._read_seen(code, mine)
        present = frozenset({mine(seats)}) if device is not None else frozenset()  # a page open on it: here now
        if self._to_play(room, seats, extra._replace(present=present)):
            self._play_for_the_absent(code, present)
            room, seats, extra, log = self._read_seen(code, mine)
        return room_view(code, room, seats, mine(seats), extra=extra._replace(present=present), now=self._clock(),
                         device=device, log=log)

    def watch(self, code: str) -> RoomView:
        """The room as an onlooker sees it (a latecomer, an eighth person at a full table, a player whose seat
        was handed to a computer): every face-down card hidden (`seat_state(state, None)`), no legal moves,
        `seat` None. Anyone with the room's code may watch."""
        code = room_code(code)
        room, seats, extra, log = self._read_seen(code, lambda seats: None)
        if self._to_play(room, seats, extra):
            self._play_for_the_absent(code)
            room, seats, extra, log = self._read_seen(code, lambda seats: None)
        return room_view(code, room, seats, None, extra=extra, now=self._clock(), log=log)

    def log_since(self, code: str, token: str, version: int) -> tuple[Event, ...]:
        """The events of the game written after `version` (0: all of them), as the seat holding `token` may see
        them: the rows of the room's log alone (quitlok.rooms.log), the way a page that holds the room at
        `version` reads what it lacks. A game still kept in the old form holds its log inside it until its next
        write: that log counts as written by the room's current version."""
        code = room_code(code)
        if isinstance(version, bool) or not isinstance(version, int) or version < 0:
            raise RoomError(_("A room's version is a whole number, 0 or more (not {value}).").format(
                value=shown(version)))
        room, seats, _extra = self._read(code)
        me = self._seat_of(seats, token, code)
        if version > room.version:
            raise RoomError(_("Room {code} has not reached version {value}: it is at {version}.").format(
                code=code, value=shown(version), version=room.version))
        if room.state is None:
            return ()
        with self._transaction(write=False) as conn:
            events = room_log.events_since(conn, code, me.seat, version, room.version)
        return events + (_seat_state(room.state, me.seat).events if version < room.version else ())

    # --- presence -------------------------------------------------------------------------------------

    def here(self, code: str, token: str, device: str) -> "Presence":
        """The heartbeat of a page open on seat `token` from `device` (a name of 8 to 64 letters, digits, - and
        _ that the page gives itself, never a key): its seat is here. Only the presence table is written (one
        small row per seat and device), never the room's game or its version. If a person is to act who is
        away, or whose turn timer ran out, the move is made for him here (so a table whose other pages are all
        waiting goes on). Returns every seat's presence (as RoomView.presence) and how many other devices hold
        this seat now (RoomView.other_device), so that a page can tell when to draw itself again."""
        code = room_code(code)
        device = _device(device)
        room, seats, extra = self._read(code)
        me = self._seat_of(seats, token, code)
        now = self._clock()
        where = sa.and_(PRESENCE.c.code == code, PRESENCE.c.seat == me.seat, PRESENCE.c.device == device)
        for attempt in range(2):
            try:
                with self._transaction(write=True) as conn:
                    if conn.execute(sa.update(PRESENCE).where(where).values(seen=now)).rowcount == 0:
                        conn.execute(sa.insert(PRESENCE).values(code=code, seat=me.seat, device=device, seen=now,
                                                                since=now))
                    conn.execute(sa.delete(PRESENCE).where(PRESENCE.c.code == code, PRESENCE.c.seat == me.seat,
                                                           PRESENCE.c.seen < now - FORGET_SECONDS))
                break
            except sa.exc.IntegrityError:  # the same device's other heartbeat inserted the row first
                if attempt:
                    raise
        extra.seen.setdefault(me.seat, {})[device] = now
        extra.since.setdefault((me.seat, device), now)
        if self._to_play(room, seats, extra):
            self._play_for_the_absent(code)
        return Presence(_presence(seats, extra, now), len(_other_devices(extra, me.seat, device, now)))

    def set_turn_timer(self, code: str, host_token: str, seconds: int | None) -> int:
        """The host sets the turn timer: once a person has had `seconds` to decide (counted from the room's
        last change), a computer player makes that one decision for him, and the timer starts again for the
        next. None turns it off. Returns the new version."""
        code = room_code(code)
        low, high = TURN_SECONDS
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, int)
                                    or not low <= seconds <= high):
            raise RoomError(_("A turn timer is a whole number of seconds from {low} to {high}, or none (not "
                              "{value}).").format(low=low, high=high, value=shown(seconds)))

        def switch(room: sa.Row, seats: list[sa.Row]) -> Change | None:
            self._host(seats, host_token, code, "set the turn timer")
            where = ROOM_SETTINGS.c.code == code
            return Change({}, [sa.delete(ROOM_SETTINGS).where(where),
                               sa.insert(ROOM_SETTINGS).values(code=code, turn_seconds=seconds)])

        return self._change(code, switch, retries=RETRIES)

    # --- a seat on a new device --------------------------------------------------------------------

    def ask(self, code: str, name: str) -> Request:
        """A person on a new device asks for his seat by its name ("I am Grandpa, let me back in"). The host
        (or, while the host is away, anyone present) sees the request in his view (RoomView.requests) and lets
        him in (`let_in`) or refuses (`refuse`); `asked` tells the asking device which. A seat the host handed
        to a computer player may be asked for too: its person comes back to it. NoSuchPlayer when no person's
        seat has that name."""
        code = room_code(code)
        name, key = person_name(name)
        token = secrets.token_urlsafe(32)
        number = None

        def request(room: sa.Row, seats: list[sa.Row]) -> Change:
            nonlocal number
            extra = self._extra(code)
            seat = next((s for s in seats if s.name_key == key), None)
            if seat is None or (seat.style is not None and seat.seat not in extra.revoked):
                raise NoSuchPlayer(_("Nobody called {name} has a seat of their own at this table: ask with the "
                                     "name your seat has, as the table shows it.").format(name=isolated(name)))
            if len(extra.waiting) >= MAX_WAITING:
                raise RoomError(_("Too many requests to be let in are waiting at this table: ask again once the "
                                  "host has answered them."))
            with self._transaction(write=False) as conn:
                last = conn.execute(sa.select(sa.func.max(REQUESTS.c.number)).where(REQUESTS.c.code == code)).scalar()
            number = (last or 0) + 1
            return Change({}, [sa.insert(REQUESTS).values(code=code, number=number, seat=seat.seat,
                                                          token_hash=_hash(token), asked=self._clock(),
                                                          answer="waiting")])

        self._change(code, request, retries=RETRIES)
        return Request(code, token, number, self.asked(code, token).seat)

    def asked(self, code: str, token: str) -> Asked:
        """Where the request made with `token` stands (NoSuchRequest for a token that made none here)."""
        code = room_code(code)
        with self._transaction(write=False) as conn:
            room, seats = self._load(conn, code)
            row = conn.execute(sa.select(REQUESTS).where(
                REQUESTS.c.code == code, REQUESTS.c.token_hash == _hash(token if isinstance(token, str) else ""))
            ).first()
        if row is None or row.seat >= len(seats):
            raise NoSuchRequest(_("This device has not asked for a seat in room {code}, or the request was "
                                  "removed.").format(code=code))
        return Asked(row.answer, row.seat, seats[row.seat].name, row.by)

    def let_in(self, code: str, token: str, number: int) -> int:
        """Let request `number` in: its key opens the seat from now on, and the key that opened it before stops
        working (its device's next view raises SeatMoved, which says so plainly); a seat the host had handed
        to a computer goes back to its person. The host decides, or, while the host is away, anyone present.
        Other requests for the same seat are refused. Returns the new version."""
        return self._answer(code, token, number, True)

    def refuse(self, code: str, token: str, number: int) -> int:
        """Refuse request `number` (as `let_in` says who may). Returns the new version."""
        return self._answer(code, token, number, False)

    def _answer(self, code: str, token: str, number: int, yes: bool) -> int:
        code = room_code(code)

        def answer(room: sa.Row, seats: list[sa.Row]) -> Change:
            extra = self._extra(code)
            me = self._seat_of(seats, token, code)
            if not _may_decide(seats, extra, self._clock(), me.seat):
                host = _acting_host(seats, _absent(seats, extra, self._clock()))
                raise NotHost(_("Only the host, {host}, lets people in (or, while the host is away, anyone at the "
                                "table).").format(host=seats[host].name))
            request = next((r for r in extra.waiting if r.number == number and not isinstance(number, bool)), None)
            if request is None:
                raise NoSuchRequest(_("That request has been answered already, or was never made."))
            done = sa.update(REQUESTS).where(REQUESTS.c.code == code, REQUESTS.c.number == request.number)
            if not yes:
                return Change({}, [done.values(answer="refused", by=me.name)])
            seat = seats[request.seat]
            where = sa.and_(SEATS.c.code == code, SEATS.c.seat == seat.seat)
            statements = [
                sa.update(SEATS).where(where).values(token_hash=request.token_hash, style=None),
                done.values(answer="in", by=me.name),
                sa.update(REQUESTS).where(REQUESTS.c.code == code, REQUESTS.c.seat == seat.seat,
                                          REQUESTS.c.answer == "waiting", REQUESTS.c.number != request.number)
                .values(answer="refused", by=me.name),
                sa.delete(PRESENCE).where(PRESENCE.c.code == code, PRESENCE.c.seat == seat.seat),
            ]
            if seat.token_hash:
                statements.append(sa.insert(KEYS_GONE).values(token_hash=seat.token_hash, code=code,
                                                              seat=seat.seat, reason="moved"))
            values = {}
            if room.state is not None:
                values = {"state": _note(_state(room.state), "back" if seat.style else "new_device", seat=seat.seat)}
            return Change(values, statements)

        return self._change(code, answer, retries=RETRIES)

    def version(self, code: str) -> int:
        """The room's version alone: cheap enough to ask every second, to see whether anything changed."""
        code = room_code(code)
        with self._transaction(write=False) as conn:
            return self._load(conn, code, with_seats=False)[0].version

    def act(self, code: str, token: str, action: Action, *, version: int) -> int:
        """The seat holding `token` takes `action`, having seen the room at `version`; computer seats play
        on. Returns the new version. StaleView if the room has changed since (nothing is applied),
        NotYourTurn, RoomPaused, or the engine's IllegalAction."""
        code = room_code(code)
        return self._change(code, lambda room, seats: self._move(room, seats, token, action, version,
                                                                  self._extra(code)))

    def _act_within(self, conn: sa.Connection, code: str, token: str, action: Action, *, version: int) -> int:
        """`act`, inside a write transaction that the caller holds on this same database: the move commits or
        is undone with the caller's own writes (a class's vote is closed and its move played together,
        quitlok.classroom.store). The room's row is locked for the rest of the transaction."""
        code = room_code(code)
        room, seats = self._load(conn, code, lock=True)
        change = self._move(room, seats, token, action, version, self._extra_of(conn, code))
        return self._write(conn, room, seats, change)

    def _move(self, room: sa.Row, seats: list[sa.Row], token: str, action: Action, version: int,
              extra: Extra) -> Change:
        code = room.code
        me = self._seat_of(seats, token, code)
        if room.state is None:
            raise NotYourTurn(_("The game has not started yet: the host starts it once everyone is seated."))
        if room.ended:
            raise NotYourTurn(_("The game has ended: no more moves."))
        if room.paused:
            raise RoomPaused(_("The host has paused the game: wait until it goes on."))
        if version != room.version:
            raise StaleView(_(_STALE))
        state = _state(room.state)
        if state.to_act is None:
            raise NotYourTurn(_("The game is over: no more moves."))
        if state.to_act != me.seat:
            raise NotYourTurn(_("It is {name}'s turn, not yours.").format(name=seat_name(state.players[state.to_act])))
        absent = _absent(seats, extra, self._clock())
        return Change(_played(apply_action(state, action), seats, _computers(seats) | _stand_ins(seats, absent)))

    # --- the host's tools -------------------------------------------------------------------------------

    def remove_seat(self, code: str, host_token: str, seat: int, style: str = "cautious") -> int:
        """The host removes a seat whose player left, or revokes a seat's device. Before the start the seat is
        taken away (later seats move down one); after it, a computer player of `style` plays the seat on, under
        the same name, until its person asks for it again from any device and is let in (`ask`, `let_in`).
        Either way the seat's token stops working: its device's next view raises SeatRevoked (it may watch).
        The room's own host (seat 0) keeps his seat. Returns the new version."""
        code = room_code(code)
        if not isinstance(style, str) or style not in PLAYERS:
            raise RoomError(_("There is no computer player called {value}; choose {styles}.").format(
                value=shown(style), styles=_styles()))

        def remove(room: sa.Row, seats: list[sa.Row]) -> Change:
            me = self._host(seats, host_token, code, "remove a seat")
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(seats):
                raise RoomError(_("There is no seat {value} in room {code}.").format(value=shown(seat), code=code))
            if seat in (me.seat, 0):
                raise RoomError(_("The host keeps his seat: to stop playing, end the game."))
            if seats[seat].style is not None:
                raise RoomError(_("{name} is already a computer player.").format(name=seats[seat].name))
            where = sa.and_(SEATS.c.code == code, SEATS.c.seat == seat)
            gone = [sa.delete(PRESENCE).where(PRESENCE.c.code == code, PRESENCE.c.seat == seat),
                    sa.insert(KEYS_GONE).values(token_hash=seats[seat].token_hash, code=code, seat=seat,
                                                reason="revoked" if room.state is not None else "removed")]
            if room.state is None:
                moves = [statement for later in range(seat + 1, len(seats)) for statement in (
                    sa.update(SEATS).where(SEATS.c.code == code, SEATS.c.seat == later).values(seat=later - 1),
                    sa.update(PRESENCE).where(PRESENCE.c.code == code, PRESENCE.c.seat == later).values(seat=later - 1),
                    sa.update(REQUESTS).where(REQUESTS.c.code == code, REQUESTS.c.seat == later)
                    .values(seat=later - 1))]
                requests = sa.delete(REQUESTS).where(REQUESTS.c.code == code, REQUESTS.c.seat == seat)
                return Change({}, [sa.delete(SEATS).where(where), requests, *gone, *moves])
            computers = _computers(seats) | {seat: PLAYERS[style](seats[seat].bot_seed)}
            state = _note(_state(room.state), "left", seat=seat, style=style)
            people = [p for p in _people(seats) if p != seat]
            values = ({"state": state} if room.paused or room.ended
                      else _played(state, seats, computers, people))
            return Change(values, [sa.update(SEATS).where(where).values(style=style, token_hash=None), *gone])

        return self._change(code, remove, retries=RETRIES)

    def new_key(self, code: str, host_token: str, seat: int) -> Seat:
        """The host gives a person's seat a new key, for someone who lost their page (a closed tab, another
        phone): the old key stops working, and whoever gets the new one plays the seat. Keys are kept only
        as hashes, so a lost key cannot be shown again; this is the way back in."""
        code = room_code(code)
        token = secrets.token_urlsafe(32)

        def rekey(room: sa.Row, seats: list[sa.Row]) -> Change:
            me = self._host(seats, host_token, code, "give a seat a new key")
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(seats):
                raise RoomError(_("There is no seat {value} in room {code}.").format(value=shown(seat), code=code))
            if seat == me.seat:
                raise RoomError(_("The host's own key cannot be changed from another seat's page."))
            if seats[seat].style is not None:
                raise RoomError(_("{name} is a computer player: there is no key to give.").format(
                    name=seats[seat].name))
            where = sa.and_(SEATS.c.code == code, SEATS.c.seat == seat)
            return Change({}, [sa.update(SEATS).where(where).values(token_hash=_hash(token))])

        self._change(code, rekey, retries=RETRIES)
        return Seat(code, token, seat)

    def about(self, code: str) -> RoomSummary:
        """What anyone with the code may know before sitting down: who sits there and whether the game has
        started or ended (so a late visitor is told at once, not after giving a name)."""
        code = room_code(code)
        with self._transaction(write=False) as conn:
            room, seats = self._load(conn, code)
        over = room.ended or (room.state is not None and _state(room.state).is_over)
        return RoomSummary(code=code, players=tuple(s.name for s in seats), started=room.state is not None,
                           over=over, rules=_rules(room).name, version=room.version)

    def pause(self, code: str, host_token: str) -> int:
        """The host pauses the game: every action is refused until `resume`. Returns the new version."""
        return self._set_paused(code, host_token, True)

    def resume(self, code: str, host_token: str) -> int:
        """The host lets a paused game go on (computer seats play on). Returns the new version."""
        return self._set_paused(code, host_token, False)

    def _set_paused(self, code: str, host_token: str, paused: bool) -> int:
        code = room_code(code)

        def switch(room: sa.Row, seats: list[sa.Row]) -> Change | None:
            self._host(seats, host_token, code, "pause the game" if paused else "let the game go on")
            if room.state is None or room.ended:
                raise RoomError(_("The game is not being played: there is nothing to pause.") if paused else
                                _("The game is not being played: there is nothing to go on with."))
            if room.paused == paused:
                return None
            state = _note(_state(room.state), "paused" if paused else "resumed")
            if not paused:
                return Change({**_played(state, seats), "paused": False})
            return Change({"state": state, "paused": paused})

        return self._change(code, switch, retries=RETRIES)

    def end(self, code: str, host_token: str) -> int:
        """The host ends the game (or closes a room that never started). Each seat keeps its purse and its
        open stake, the banker the bank: `RoomView.chips`. Returns the new version."""
        code = room_code(code)

        def close(room: sa.Row, seats: list[sa.Row]) -> Change | None:
            self._host(seats, host_token, code, "end the game")
            if room.ended:
                return None
            if room.state is None:
                return Change({"ended": True, "paused": False})
            state = _note(_state(room.state), "ended")
            return Change({"state": state, "ended": True, "paused": False})

        return self._change(code, close, retries=RETRIES)

    def rematch(self, code: str, host_token: str, *, seed: int | None = None) -> int:
        """Between games: the host deals a new game in the same room, to the same seats (the same people, the
        same computer players, each seat's key unchanged), everyone with the starting chips again; the first
        banker is drawn afresh. Only once the game is over (by the rules, or ended by the host or the room).
        The finished game's result was kept as a night when it ended (RoomView.nights). Returns the version."""
        code = room_code(code)
        seed = secrets.randbelow(2**32) if seed is None else seed

        def deal_again(room: sa.Row, seats: list[sa.Row]) -> Change:
            self._host(seats, host_token, code, "start a new game")
            if room.state is None:
                raise RoomError(_("The first game has not been dealt yet: start it once everyone is seated."))
            if not _over(room.ended, room.state):
                raise RoomStarted(_("The game is still being played: a new one can start once it is over (or once "
                                    "you end it)."))
            rules = _rules(room)
            banker, rounds = draw_for_banker(rules, len(seats), seed)
            state = new_game(rules, [s.name for s in seats], banker=banker, bank=room.bank, purses=room.purses,
                             seed=seed, max_bet=room.max_bet, choose_stake=room.choose_stake)
            draws = [sorted(r.items()) for r in rounds]
            return Change({**_played(state, seats), "draws": json.dumps(draws), "ended": False, "paused": False},
                          new_game=True)

        return self._change(code, deal_again, retries=RETRIES)

    def set_coaching(self, code: str, host_token: str, coaching: bool) -> int:
        """The family setting: the host shows (True) or hides (False) the coaching notes at the table, for every
        seat (the Hint and the note on each decision). Returns the new version, so that every page redraws (the
        same version when the setting is already so)."""
        code = room_code(code)
        _flag("coaching", coaching)

        def switch(room: sa.Row, seats: list[sa.Row]) -> Change | None:
            self._host(seats, host_token, code, "change the family settings")
            with self._transaction(write=False) as conn:  # a night kept since the room was read fails the write
                family = _family(conn, code) or _NO_FAMILY
            if bool(family.coaching) == coaching:
                return None  # as it is already: nothing changes, not even the version
            return Change({}, _family_rows(code, family, coaching=coaching))

        return self._change(code, switch, retries=RETRIES)

    def purge(self, now: float | None = None) -> int:
        """Remove every room nobody has changed for 12 hours (by `now`, default the clock), or for nine days once
        it holds a finished game's result (a family's nights); returns how many. `now` is a real moment, not
        later than the clock (a time to come, inf or NaN would remove every room)."""
        now = self._purge_moment(now)
        cutoff, family_cutoff = now - IDLE_SECONDS, now - FAMILY_IDLE_SECONDS
        with self._transaction(write=True) as conn:
            kept = sa.select(FAMILY.c.code).where(FAMILY.c.nights != "[]")
            idle = sa.and_(ROOMS.c.touched < cutoff, sa.or_(ROOMS.c.touched < family_cutoff, ROOMS.c.code.not_in(kept)))
            old = sa.select(ROOMS.c.code).where(idle)
            for table in (SEATS, PRESENCE, REQUESTS, KEYS_GONE, ROOM_SETTINGS, FAMILY, EVENTS):
                conn.execute(sa.delete(table).where(table.c.code.in_(old)))
            return conn.execute(sa.delete(ROOMS).where(idle)).rowcount

    # --- the database -----------------------------------------------------------------------------------

    def _change(self, code: str, work: Callable[[sa.Row, list[sa.Row]], Change | None], *,
                retries: int = 1) -> int:
        """Read the room, let `work` check the call and work out the change (raising what it refuses), then
        write it in one short transaction, only if the room is still at the version read (compare-and-swap:
        the room's new values and the seats' statements commit together or not at all). The engine's work,
        computer turns included, happens before the write, so no database lock is held while it runs.

        StaleView if someone else changed the room in between; with `retries`, a call that carries no version
        of its own (the host's tools) is worked out again on the newer room instead. Returns the version."""
        for attempt in itertools.count(1):
            with self._transaction(write=False) as conn:
                room, seats = self._load(conn, code)
            change = work(room, seats)
            if change is None:
                return room.version
            night = _night(room, seats, change.values)
            logged = bool(getattr(change.values.get("state"), "events", ()))
            try:
                with self._transaction(write=True, single=not (change.seats or night or logged or change.new_game)) \
                        as conn:
                    return self._write(conn, room, seats, change, night)
            except StaleView:
                if attempt >= retries:
                    raise

    def _write(self, conn: sa.Connection, room: sa.Row, seats: list[sa.Row], change: Change,
               night: dict | None = None) -> int:
        """Write `change` to the room read as `room` (StaleView if it is no longer at that version), with the
        night's result when the change ends the game. Returns the new version."""
        night = night or _night(room, seats, change.values)
        version = self._save(conn, room, new_game=change.new_game, **change.values)
        for statement in change.seats:
            conn.execute(statement)
        if night:
            family = _family(conn, room.code) or _NO_FAMILY
            for statement in _family_rows(room.code, family, nights=json.dumps([*json.loads(family.nights), night])):
                conn.execute(statement)
        return version

    def _load(self, conn: sa.Connection, code: str, *, lock: bool = False,
              with_seats: bool = True) -> tuple[sa.Row, list[sa.Row]]:
        """The room's row (locked for the transaction when `lock`) and its seats in order."""
        room = conn.execute(_ROOM_LOCKED if lock else _ROOM, {"code": code}).first()
        if room is None or (room.touched < self._clock() - IDLE_SECONDS
                            and (room.touched < self._clock() - FAMILY_IDLE_SECONDS
                                 or (_family(conn, code) or _NO_FAMILY).nights == "[]")):
            raise RoomNotFound(_("No room has the code {code}: it may have ended, or been idle for {hours} hours "
                                 "({days} days once it holds a finished game's result).").format(
                code=code, hours=IDLE_SECONDS // 3600, days=FAMILY_IDLE_SECONDS // 86400))
        if not with_seats:
            return room, []
        seats = conn.execute(_SEATS_OF, {"code": code}).all()
        return room, list(seats)

    def _save(self, conn: sa.Connection, room: sa.Row, *, new_game: bool = False, **values: object) -> int:
        """Write `values` and the next version, only if the room is still at the version read. A game
        (`values["state"]`, a State) is kept without its log; its events are appended to the room's log as rows
        of this version (quitlok.rooms.log), after the rows of the game before are deleted when it is a
        `new_game`. A game read in the old form (its whole log in the state) carries its log into this write, so
        the first write moves it into rows."""
        new = room.version + 1
        state = values.get("state")
        if isinstance(state, State):
            values["state"] = _saved(replace(state, events=()))
        done = conn.execute(sa.update(ROOMS).where(ROOMS.c.code == room.code, ROOMS.c.version == room.version)
                            .values(version=new, touched=self._clock(), **values))
        if done.rowcount != 1:
            raise StaleView(_(_STALE))
        if new_game:
            conn.execute(sa.delete(EVENTS).where(EVENTS.c.code == room.code))
        if isinstance(state, State):
            room_log.append(conn, room.code, new, state.events, len(state.players))
        self._changed(conn, room.code, new)
        return new

    def _insert_seat(self, conn: sa.Connection, code: str, seat: int, name: str, key: str, *,
                     token: str | None = None, style: str | None = None) -> None:
        conn.execute(sa.insert(SEATS).values(
            code=code, seat=seat, name=name, name_key=key, token_hash=_hash(token) if token else None,
            style=style, bot_seed=secrets.randbelow(2**31)))

    @staticmethod
    def _new_seat(room: sa.Row, seats: list[sa.Row], name: str, key: str) -> int:
        """The index of a new seat for `name`, or why there is none."""
        if room.state is not None or room.ended:
            raise RoomStarted((_("The game in room {code} has ended: nobody can sit down now.") if room.ended else
                               _("The game in room {code} has started: nobody can sit down now.")).format(
                code=room.code))
        if len(seats) >= MAX_SEATS:
            raise RoomFull(_("Room {code} is full: a table holds at most {most} seats.").format(code=room.code,
                                                                                                most=MAX_SEATS))
        if any(s.name_key == key for s in seats):
            raise BadName(_("Someone called {name} already sits at this table: please choose another name.").format(
                name=isolated(name)))
        return len(seats)

    def _seat_of(self, seats: list[sa.Row], token: str, code: str) -> sa.Row:
        """The person's seat that `token` opens; else NotSeated, or SeatMoved or SeatRevoked for a key that
        opened a seat before."""
        if isinstance(token, str) and token:
            digest = _hash(token)
            for seat in seats:
                if seat.token_hash and hmac.compare_digest(seat.token_hash, digest):
                    if seat.style is not None:
                        raise SeatRevoked(_("The host has given your seat in room {code} to a computer player.").format(
                            code=code))
                    return seat
            with self._transaction(write=False) as conn:
                gone = conn.execute(sa.select(KEYS_GONE).where(KEYS_GONE.c.token_hash == digest,
                                                               KEYS_GONE.c.code == code)).first()
            if gone is not None and gone.reason == "moved":
                # Translators: {name} is the seat's name, or "yours" when the seat is no longer there.
                name = seat_name(seats[gone.seat].name) if gone.seat < len(seats) else _("yours")
                raise SeatMoved(_("Your seat in room {code} ({name}) has moved to another device: its person asked "
                                  "for it there and was let in, so this device no longer plays it.").format(
                    code=code, name=name))
            if gone is not None:
                raise SeatRevoked((_("The host has given your seat in room {code} to a computer player for now: "
                                     "you may watch, or ask to be let back in.") if gone.reason == "revoked" else
                                   _("The host has taken your seat in room {code} away.")).format(code=code))
        raise NotSeated(_("This device holds no key to a seat in room {code}, or its key no longer opens one.").format(
            code=code))

    def _host(self, seats: list[sa.Row], token: str, code: str, what: str) -> sa.Row:
        """The host's seat, if `token` is the acting host's: the room's own host (seat 0), or while he is away
        the next person present to his left (_acting_host)."""
        me = self._seat_of(seats, token, code)
        host = _acting_host(seats, _absent(seats, self._extra(code), self._clock()))
        if me.seat != host:
            raise NotHost(_(_ONLY_HOST[what]).format(host=seat_name(seats[host].name)))
        return me

    # --- presence and stand-ins -------------------------------------------------------------------------

    def _read(self, code: str) -> tuple[sa.Row, list[sa.Row], Extra]:
        """The room, its seats and what it holds beside them, as one snapshot."""
        with self._transaction(write=False) as conn:
            room, seats = self._load(conn, code)
            return room, seats, self._extra_of(conn, code)

    def _read_seen(self, code: str, seat_of: Callable[[list[sa.Row]], int | None]
                   ) -> tuple[sa.Row, list[sa.Row], Extra, SeatLog]:
        """`_read`, and the game's log as the seat that `seat_of(seats)` names may read it (None: an onlooker), in
        the same snapshot: one transaction, where a page's run after a move used two (on PostgreSQL each costs
        the server four round trips, and a push wakes every phone of the room at once)."""
        with self._transaction(write=False) as conn:
            room, seats = self._load(conn, code)
            extra = self._extra_of(conn, code)
            seat = seat_of(seats)
            log = _NO_LOG if room.state is None else _LOGS.read(conn, code, seat, room.version)
            return room, seats, extra, log

    def _extra(self, code: str) -> Extra:
        with self._transaction(write=False) as conn:
            return self._extra_of(conn, code)

    def _extra_of(self, conn: sa.Connection, code: str) -> Extra:
        seen: dict[int, dict[str, float]] = {}
        since: dict[tuple[int, str], float] = {}
        for row in conn.execute(_PRESENCE_OF, {"code": code}):
            seen.setdefault(row.seat, {})[row.device] = row.seen
            since[row.seat, row.device] = row.since
        waiting = tuple(conn.execute(_WAITING, {"code": code}).all())
        timer = conn.execute(_TIMER, {"code": code}).scalar()
        revoked = frozenset(conn.execute(_REVOKED, {"code": code}).scalars())
        return Extra(seen, waiting, timer, revoked, since, _family(conn, code), lost_at=self.lost_at)

    def _to_play(self, room: sa.Row, seats: list[sa.Row], extra: Extra) -> bool:
        """A computer is to move in a game being played: a computer seat's, a stand-in's for an absent person,
        or one move for a person whose turn timer ran out."""
        if room.state is None or room.ended or room.paused:
            return False
        to_act = _state(room.state).to_act
        if to_act is None:
            return False
        now = self._clock()
        return (seats[to_act].style is not None or to_act in _absent(seats, extra, now)
                or _timed_out(room, extra, now))

    def _play_for_the_absent(self, code: str, present: frozenset[int] = frozenset()) -> None:
        """One bounded step of computer moves, for computer seats and absent people (not those `present`), and
        the one move of a person whose turn timer ran out (noted in the log). Someone else's call may have made
        them first."""

        def play_on(room: sa.Row, seats: list[sa.Row]) -> Change | None:
            extra = self._extra(code)._replace(present=present)
            if not self._to_play(room, seats, extra):
                return None
            now = self._clock()
            state = _state(room.state)
            if _abandoned(seats, extra, now):  # nobody is left to play for: the game ends, as the host would end it
                return Change({"state": _note(state, "abandoned", minutes=GONE_SECONDS // 60), "ended": True,
                               "paused": False})
            computers = _computers(seats) | _stand_ins(seats, _absent(seats, extra, now))
            if state.to_act not in computers:  # the turn timer ran out
                seat = seats[state.to_act]
                state = _note(state, "timed_out", seat=seat.seat)
                state = step(state, {seat.seat: PLAYERS[STAND_IN](seat.bot_seed)})
            return Change(_played(state, seats, computers))

        with contextlib.suppress(StaleView):  # someone else's call made the same moves first
            self._change(code, play_on)


_ROOM = sa.select(ROOMS).where(ROOMS.c.code == sa.bindparam("code"))
_ROOM_LOCKED = _ROOM.with_for_update()
_SEATS_OF = sa.select(SEATS).where(SEATS.c.code == sa.bindparam("code")).order_by(SEATS.c.seat)
_PRESENCE_OF = sa.select(PRESENCE).where(PRESENCE.c.code == sa.bindparam("code"))
_WAITING = (sa.select(REQUESTS).where(REQUESTS.c.code == sa.bindparam("code"), REQUESTS.c.answer == "waiting")
            .order_by(REQUESTS.c.number))
_TIMER = sa.select(ROOM_SETTINGS.c.turn_seconds).where(ROOM_SETTINGS.c.code == sa.bindparam("code"))
_REVOKED = sa.select(KEYS_GONE.c.seat).where(KEYS_GONE.c.code == sa.bindparam("code"), KEYS_GONE.c.reason == "revoked")
_STALE = N_("Someone acted first, so the table has changed: nothing was done. Look again, then choose.")
#: what only the host may do (the keys Rooms._host is given), each its whole sentence: {host} is the host's name
_ONLY_HOST = {
    "add computer players": N_("Only the host, {host}, can add computer players."),
    "start the game": N_("Only the host, {host}, can start the game."),
    "set the turn timer": N_("Only the host, {host}, can set the turn timer."),
    "remove a seat": N_("Only the host, {host}, can remove a seat."),
    "give a seat a new key": N_("Only the host, {host}, can give a seat a new key."),
    "pause the game": N_("Only the host, {host}, can pause the game."),
    "let the game go on": N_("Only the host, {host}, can let the game go on."),
    "end the game": N_("Only the host, {host}, can end the game."),
    "start a new game": N_("Only the host, {host}, can start a new game."),
    "change the family settings": N_("Only the host, {host}, can change the family settings."),
}


class _Family(NamedTuple):
    coaching: bool
    nights: str


#: the family settings of a room made before they were kept (no row): coaching on, no nights yet
_NO_FAMILY = _Family(True, "[]")
_FAMILY_OF = sa.select(FAMILY).where(FAMILY.c.code == sa.bindparam("code"))


def _family(conn: sa.Connection, code: str) -> sa.Row | None:
    """The room's family row (its nights and settings), or None for a room made before they were kept."""
    return conn.execute(_FAMILY_OF, {"code": code}).first()


def _family_rows(code: str, row: sa.Row | _Family, **values: object) -> list[sa.Executable]:
    """Statements that write `values` into the room's family row, its other values taken from `row` (as read in
    the same transaction, or under the same version). The row is written afresh (delete, then insert: the same
    on SQLite and PostgreSQL), so that a room made before the table existed gets one."""
    current = {"coaching": row.coaching, "nights": row.nights, **values}
    return [sa.delete(FAMILY).where(FAMILY.c.code == code), sa.insert(FAMILY).values(code=code, **current)]


def _over(ended: bool, state: str | State | None) -> bool:
    """A game (as stored, or a State) that has been dealt and is over: by the rules, or ended by the host or the
    room."""
    return state is not None and (bool(ended) or (state if isinstance(state, State) else _state(state)).is_over)


def _night(room: sa.Row, seats: Sequence[sa.Row], values: dict) -> dict | None:
    """The night's result to keep when the change `values` ends the game (it was not over before): each seat's
    name and the chips it won or lost ({"players": [...], "won": [...]}); else None."""
    if _over(room.ended, room.state):
        return None
    state = values.get("state", room.state)
    if not _over(values.get("ended", room.ended), state):
        return None
    state = state if isinstance(state, State) else _state(state)
    return {"players": [s.name for s in seats],
            "won": [_chips(state, seat) - room.purses for seat in range(len(seats))],
            "computers": [s.seat for s in seats if s.style is not None]}


def _read_night(night: dict, seats: Sequence[sa.Row]) -> Night:
    """A kept night, its names as the room's are (quitlok.game.seat_name): a computer player's a key, shown in the
    reader's letters, a person's a TypedName, shown as typed. A night kept before it said which seats computers
    played ("computers") takes the room's seat of that place and name."""
    computers = night.get("computers")
    if computers is None:
        computers = [s.seat for s in seats if s.style is not None and s.seat < len(night["players"])
                     and night["players"][s.seat] == s.name]
    return Night(tuple(_named(name, computer=seat in computers) for seat, name in enumerate(night["players"])),
                 tuple(night["won"]))


def _named(name: str, *, computer: bool) -> str:
    """A seat's name as quitlok.game.seat_name reads it: a computer player's is a key, shown in the reader's
    letters; a person's a TypedName, shown as typed (even one spelt as a computer player's)."""
    return name if computer else TypedName(name)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _device(text: object) -> str:
    """A device's name as a page gives it (RoomError if it cannot be one)."""
    if not (isinstance(text, str) and _DEVICE.fullmatch(text)):
        raise RoomError(_("That is not a device's name: 8 to 64 letters, digits, '-' and '_'."))
    return text


def _absent(seats: Sequence[sa.Row], extra: Extra, now: float) -> frozenset[int]:
    """The people's seats whose every device has been silent for AWAY_SECONDS or more. A seat never seen (no
    page has sent a heartbeat for it: a library caller, the class table's seat) is not absent."""
    return frozenset(s.seat for s in seats if s.style is None and (seen := extra.last_seen(s.seat)) is not None
                     and now - seen >= AWAY_SECONDS and s.seat not in extra.present)


def _abandoned(seats: Sequence[sa.Row], extra: Extra, now: float) -> bool:
    """Every person has left the table: each person's seat has been seen (a page sent a heartbeat for it), and
    none of its devices has said it was here for GONE_SECONDS (an outage of the database counts as here, as for
    _absent), nor does this call show it here. The computers would then play on for nobody; the room ends the
    game instead (RoomNote "abandoned"). A seat never seen (a library caller's, the class table's) is never
    absent, so it keeps its game going."""
    people = [s for s in seats if s.style is None]
    return bool(people) and all(
        s.seat not in extra.present and (seen := extra.last_seen(s.seat)) is not None and now - seen >= GONE_SECONDS
        for s in people)


def _presence(seats: Sequence[sa.Row], extra: Extra, now: float) -> tuple[str, ...]:
    """Per seat: "here", "away", "gone", "" for a person whose page has sent no heartbeat yet, "computer"."""
    words = []
    for s in seats:
        seen = extra.last_seen(s.seat)
        if s.style is not None:
            words.append("computer")
        elif s.seat in extra.present:
            words.append("here")
        elif seen is None:
            words.append("")
        else:
            words.append("here" if now - seen < AWAY_SECONDS else "away" if now - seen < GONE_SECONDS else "gone")
    return tuple(words)


def _other_devices(extra: Extra, seat: int, device: str | None, now: float) -> set[str]:
    """The other devices that hold `seat` now: seen within AWAY_SECONDS, and since `device` first beat (a page
    reloaded in the same tab is a new device, and its old self, which beats no more, is not counted)."""
    if device is None:
        return set()
    mine = extra.since.get((seat, device), now)
    return {d for d, seen in extra.seen.get(seat, {}).items()
            if d != device and now - seen < AWAY_SECONDS and seen > mine}


def _acting_host(seats: Sequence[sa.Row], absent: frozenset[int]) -> int:
    """The host: the room's own (seat 0) while he is not away, else the next person present to his left
    (seat index + 1 and on, the way play goes clockwise); the role returns to him when he is back."""
    n = len(seats)
    for step_ in range(n):
        seat = step_ % n
        if seats[seat].style is None and seat not in absent:
            return seat
    return 0


def _may_decide(seats: Sequence[sa.Row], extra: Extra, now: float, seat: int) -> bool:
    """Who may let someone in: the host, or while the room's own host is away, anyone present."""
    absent = _absent(seats, extra, now)
    return seat == _acting_host(seats, absent) or (0 in absent and seat not in absent)


def _stand_ins(seats: Sequence[sa.Row], absent: frozenset[int]) -> dict[int, ComputerPlayer]:
    """A computer player for every absent person's seat, until the person is back."""
    return {seat: PLAYERS[STAND_IN](seats[seat].bot_seed) for seat in absent}


def _timed_out(room: sa.Row, extra: Extra, now: float) -> bool:
    """The host set a turn timer, and the room has not changed for that long."""
    return extra.turn_seconds is not None and now - room.touched >= extra.turn_seconds


def _styles() -> str:
    return ", ".join(PLAYERS)


def room_code(text: object) -> str:
    """A join code as typed, in the store's form (upper case, no spaces or dashes); RoomNotFound if it
    cannot be one."""
    code = re.sub(r"[\s-]", "", text).upper() if isinstance(text, str) else ""
    if len(code) != CODE_LENGTH or any(c not in ALPHABET for c in code):
        shown = f"“{code}”" if 0 < len(code) <= 12 and code.isprintable() else "That"
        raise RoomNotFound(_("{value} is not a room code: a code has {length} letters and digits, such as "
                             "K7QH3M.").format(value=shown, length=CODE_LENGTH))
    return code


def person_name(text: object) -> tuple[str, str]:
    """A person's name, trimmed (runs of spaces made one), and its key for uniqueness; BadName if unfit."""
    if not isinstance(text, str):
        raise BadName(_("A name is a word or two of text."))
    name = unicodedata.normalize("NFC", text).strip()
    if not name.isprintable():
        raise BadName(_("A name cannot hold line breaks, tabs or other control characters."))
    name = re.sub(" {2,}", " ", name)
    if not 1 <= len(name) <= MAX_NAME:
        raise BadName(_("A name needs 1 to {most} characters (this one has {length}).").format(
            most=MAX_NAME, length=len(name)) if name else _("A name needs 1 to {most} characters.").format(
            most=MAX_NAME))
    key = unicodedata.normalize("NFKC", name).casefold()
    if key == "you":
        raise BadName(_("“You” is how the table speaks to each player: please give your own name."))
    if key == CLASS.casefold():  # the class's seat at a class table: a key, worded for each reader (seat_name)
        raise BadName(_("That name is kept for a class's seat: please give your own name."))
    return name, key


def _check_setup(rules: object, bank: object, purses: object, max_bet: object, choose_stake: object) -> RuleSet:
    """The rules, if a game with this bank, purses and maximum bet can be played under them."""
    try:
        rules = rule_set(rules)
        whole_number("Each player's chips", purses)
        new_game(rules, ["A", "B"], banker=0, bank=bank, purses=purses, max_bet=max_bet,
                 choose_stake=choose_stake, seed=0)
    except InvalidSetup as problem:
        raise RoomError(str(problem)) from None
    if bank > purses:
        raise RoomError(_("The opening bank ({bank}) cannot be more than each player's chips ({chips}).").format(
            bank=bank, chips=purses))
    return rules


def _flag(name: str, value: object) -> bool:
    """`value` if it is True or False, else a RoomError that says so."""
    try:
        return flag(name, value)
    except InvalidSetup as problem:
        raise RoomError(str(problem)) from None


def _rules(room: sa.Row) -> RuleSet:
    return _rules_of(room.rules)


@functools.lru_cache(maxsize=64)
def _rules_of(text: str) -> RuleSet:
    return rules_from_dict(json.loads(text))


def _computers(seats: list[sa.Row]) -> dict[int, ComputerPlayer]:
    """The computer player of every computer seat."""
    return {s.seat: PLAYERS[s.style](s.bot_seed) for s in seats if s.style is not None}


def _play_on(state: State, computers: dict[int, ComputerPlayer], people: Sequence[int]) -> State:
    """The computer seats' moves, until a person is to act, the game is over, no person at the table has a
    chip left, or one step's worth: MAX_COMPUTER_MOVES moves or COMPUTER_SECONDS, whichever comes first."""
    deadline = time.perf_counter() + COMPUTER_SECONDS
    for _move in range(MAX_COMPUTER_MOVES):
        if state.to_act not in computers or _out(state, people):
            break
        state = step(state, computers)
        if time.perf_counter() > deadline:  # after the move: every step makes at least one
            break
    return state


def _chips(state: State, seat: int) -> int:
    """A seat's chips in all: its purse, its open stake and, for the banker, the bank."""
    return state.purses[seat] + state.stakes[seat] + (state.bank if seat == state.banker else 0)


def _out(state: State, people: Sequence[int]) -> bool:
    """No person's seat has a chip left (a seat with none never gets one back): only computers play on."""
    return all(_chips(state, seat) == 0 for seat in people)


def _people(seats: Sequence[sa.Row]) -> list[int]:
    """The seats that people play."""
    return [s.seat for s in seats if s.style is None]


def _played(state: State, seats: Sequence[sa.Row], computers: dict[int, ComputerPlayer] | None = None,
            people: Sequence[int] | None = None) -> dict[str, object]:
    """The room's new values once the computer seats have played on from `state` (one step): the game, and
    its end when no person has a chip left. The room ends it there rather than let the computers play on by
    themselves for thousands of moves, each view rewriting a growing game that nobody at the table can take
    part in any more; each seat keeps what it holds, as when the host ends a game (RoomView.people_out)."""
    people = _people(seats) if people is None else people
    state = _play_on(state, _computers(seats) if computers is None else computers, people)
    if state.is_over or not _out(state, people):
        return {"state": state}
    return {"state": _note(state, "people_out"), "ended": True, "paused": False}


class _Parsed:
    """The games saved as text, each parsed once: every seat and browser of a room looks at the same
    version, and the State a move has just worked out is kept under the text it was saved as, so the views
    that follow never parse it (the text itself is the key: nothing can go stale). States are immutable:
    sharing them between threads is safe."""

    def __init__(self, size: int = 64) -> None:
        self._states: OrderedDict[str, State] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def __call__(self, text: str) -> State:
        with self._lock:
            if (state := self._states.get(text)) is not None:
                self._states.move_to_end(text)
                return state
        return self.keep(text, state_from_json(text))

    def keep(self, text: str, state: State) -> State:
        with self._lock:
            self._states[text] = state
            self._states.move_to_end(text)
            while len(self._states) > self._size:
                self._states.popitem(last=False)
        return state


_state = _Parsed()
#: each seat's log of each room, as this process has read it
_LOGS = room_log.Logs()


def _saved(state: State) -> str:
    """`state` as the text the room keeps, remembered so that the next view need not parse it."""
    text = state_to_json(state)
    _state.keep(text, state)
    return text


@functools.lru_cache(maxsize=128)
def _seat_state(text: str, seat: int) -> State:
    """`seat_state` of the game saved as `text`, worked out once per version and seat."""
    return seat_state(_state(text), seat)


def _note(state: State, what: str, **details: object) -> State:
    """The state with a note of the room's own added to the log (a seat left, a pause, the end: RoomNote)."""
    return replace(state, events=state.events + (RoomNote(what, **details),))


def room_view(code: str, room: sa.Row, seats: list[sa.Row], me: int | None, *, extra: Extra, now: float,
              device: str | None = None, log: SeatLog = _NO_LOG) -> RoomView:
    """Everything seat `me` (None: an onlooker) may see of the room; `extra.family` holds the nights' results
    and the setting for coaching notes, `log` the game's log as the seat may read it (Rooms._read_seen: the rows,
    events). A game still kept in the old form adds the log it holds, as observe shows it
    to the seat."""
    rules = _rules(room)
    family = extra.family or _NO_FAMILY
    # a person's name is shown as typed, even one spelt as a computer player's (quitlok.game.seat_name); a seat with
    # a style is a computer player's, or one a computer plays for a person who left (told apart by the name alone)
    names = tuple(_named(s.name, computer=s.style is not None) for s in seats)
    styles = tuple(s.style for s in seats)
    n = len(seats)
    absent = _absent(seats, extra, now)
    host = _acting_host(seats, absent)
    playing_for = tuple(s.seat in absent and room.state is not None for s in seats)
    deciding = me is not None and _may_decide(seats, extra, now, me)
    requests = tuple((r.number, r.seat, r.asked) for r in extra.waiting if r.seat < n) if deciding else ()
    others = _other_devices(extra, me, device, now) if me is not None else set()
    to_act = _state(room.state).to_act if room.state is not None and not (room.ended or room.paused) else None
    turn_ends = (room.touched + extra.turn_seconds if extra.turn_seconds is not None and to_act is not None
                 and styles[to_act] is None and not playing_for[to_act] else None)
    common = dict(code=code, version=room.version, seat=me, players=names, rules=rules, opening_bank=room.bank,
                  paused=room.paused, host=host, is_host=me == host, styles=styles,
                  presence=_presence(seats, extra, now), played_for=playing_for, requests=requests,
                  other_device=bool(others), turn_seconds=extra.turn_seconds,
                  turn_ends=turn_ends, revoked=tuple(s.seat in extra.revoked and s.style is not None for s in seats),
                  starting_purse=room.purses, coaching=bool(family.coaching),
                  nights=tuple(_read_night(night, seats) for night in json.loads(family.nights)),
                  banker_draws=tuple(tuple((s, c) for s, c in r) for r in json.loads(room.draws)))
    if room.state is None:
        return RoomView(
            **common, to_act=None, banker=None, bank=0, purses=(room.purses,) * n, stakes=(0,) * n,
            hands=((),) * n, legal=(), events=(), face_up=((),) * n, phase=None,
            max_bet=rules.default_max_bet(room.bank) if room.max_bet is None else room.max_bet,
            hand_number=0, hands_dealt=0, hands_finished=0, direction=1, status=("",) * n, last_hand=("",) * n,
            last_cards=((),) * n, under=(), stock_size=rules.pack_size, sitting_out=(False,) * n,
            aluvun_called=False, started=False, over=room.ended, ended_by_host=room.ended, people_out=False,
            abandoned=False,
            chips=(room.purses,) * n,
            banker_stands_on=rules.banker_model(PERSON_BANKER_MODEL), state=None)
    state = _state(room.state)
    shown = _seat_state(room.state, me)
    events = log + shown.events  # a game kept in the old form: its own log, as the seat may see it (else none)
    shown = replace(shown, events=events)
    abandoned = room.ended and events[-1:] == (RoomNote("abandoned", minutes=GONE_SECONDS // 60),)
    people_out = room.ended and not abandoned and _out(state, _people(seats))
    if room.ended:
        shown = replace(shown, to_act=None, phase=OVER, waiting=())
    playing = not (room.ended or room.paused)
    legal = tuple(legal_actions(state)) if playing and me is not None and state.to_act == me else ()
    banker_style = styles[state.banker]
    stands_on = PLAYERS[banker_style]().stands_on if banker_style else PERSON_BANKER_MODEL
    chips = tuple(state.purses[s] + state.stakes[s] + (state.bank if s == state.banker else 0) for s in range(n))
    return RoomView(
        **common, to_act=shown.to_act, banker=state.banker, bank=state.bank, purses=state.purses,
        stakes=state.stakes, hands=shown.hands, legal=legal, events=events, face_up=state.face_up,
        phase=shown.phase, max_bet=state.max_bet, hand_number=state.hand_number, hands_dealt=state.hands_dealt,
        hands_finished=state.hands_finished, direction=state.direction,
        status=state.seat_status, last_hand=state.last_status,
        last_cards=state.last_cards, under=state.under, stock_size=len(state.stock),
        sitting_out=state.sitting_out, aluvun_called=shown.aluvun_called, started=True,
        over=room.ended or state.is_over, ended_by_host=room.ended and not (people_out or abandoned),
        people_out=people_out, abandoned=abandoned,
        chips=chips, banker_stands_on=rules.banker_model(stands_on), state=shown)
