"""One visitor cannot crowd out the others (issue 23, item 7): how often a browser and an address may open
rooms and class sessions, sit down in them, and try codes that lead nowhere.

Each kind of step (`RULES`) has two limits over a window of time: one per visitor (a browser's session: the
app gives each a random id) and one per address (the client's IP address, as the app server sees it; the
app decides which address to trust, quitlok.ui.limits). The per-address limits are far above what a class
of 30 phones behind one school address needs (30 joins and a few mistyped codes in a minute); the
per-visitor limits are above what one family's host or a pass-and-play device needs (7 seats on one phone).

The counters live in the database the rooms live in (`quitlok_limits`), so that the limits hold across app
servers sharing PostgreSQL: a visitor whose steps go to two servers in turn is counted once. Each counter is
a sliding window worked out from two fixed windows, the current one and the one before, weighted by how much
of it still lies within the last `seconds` (as Cloudflare's rate limiter counts): no burst of twice the limit
at a window's edge, and one row per visitor, kind and window. A step is taken in one write transaction: the
counters go up, and if either estimate passes its limit the transaction is rolled back (a refused step counts
nothing, so a visitor who waits is let in again) and `TooOften` says how long to wait. Counters whose windows
have passed are swept now and then, as idle rooms are.

Addresses are kept only as a hash, like seats' keys. No Streamlit here: quitlok.ui.limits says who the visitor
is and shows the refusal in the app's words.
"""

import hashlib
import math
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from quitlok.errors import InvalidSetup, TooOften, shown
from quitlok.i18n import _
from quitlok.rooms.database import Store, metadata

__all__ = ["RULES", "Limits", "Rule"]


@dataclass(frozen=True)
class Rule:
    """At most `per_visitor` steps by one visitor and `per_address` by one address in any `seconds`."""

    per_visitor: int
    per_address: int
    seconds: float


#: the kinds of steps limited: rooms and class sessions opened; seats taken in them; codes tried that led to no
#: room or session. Today's attack (62 codes a second) would need, at 60 wrong codes an address in 10 minutes,
#: about 100 days per address to find one live room among 1,000 (31**6 codes); a school's 30 phones join well
#: within 300 seats and 60 wrong codes.
RULES: Mapping[str, Rule] = {
    "open": Rule(per_visitor=5, per_address=40, seconds=600),
    "join": Rule(per_visitor=12, per_address=300, seconds=600),
    "code": Rule(per_visitor=10, per_address=60, seconds=600),
    #: a pupil's new place in a class session (beside "join"): one device is one pupil, so a browser gets 3
    #: places in 10 minutes (a wrong session, a removed place), and one address 40 (a class of 30 behind one
    #: school address, and its mistakes), not the 60 puppets in 28 s one client once made
    "pupil": Rule(per_visitor=3, per_address=40, seconds=600),
}
#: how often a server sweeps counters whose windows have passed, in seconds
SWEEP_EVERY = 60.0

LIMITS = sa.Table(
    "quitlok_limits",
    metadata,
    sa.Column("what", sa.String(10), primary_key=True),
    #: "v" and a visitor's id, or "a" and an address, hashed (SHA-256, hex)
    sa.Column("who", sa.String(65), primary_key=True),
    #: the window's number: seconds since the epoch // the rule's seconds
    sa.Column("window", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("count", sa.Integer, nullable=False),
    #: when the row no longer counts (the end of the window after it): swept after this moment
    sa.Column("until", sa.Float, nullable=False, index=True),
)


def _who(kind: str, value: str) -> str:
    return kind + hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()


class Limits(Store):
    """The counters, in the database at `url` (see quitlok.rooms.database: the rooms' own by default). `rules`
    replaces RULES (read when the store is made: tests use small ones); `clock` gives the time, as for the rooms."""

    def __init__(self, url: str | None = None, *, rules: Mapping[str, Rule] | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        super().__init__(url, clock=clock)
        rules = RULES if rules is None else rules
        for what, rule in rules.items():
            if not (isinstance(rule, Rule) and rule.per_visitor >= 1 and rule.per_address >= 1 and rule.seconds > 0):
                raise InvalidSetup(_("rules: {what} needs a Rule of at least 1 step in more than 0 seconds").format(
                    what=shown(what)))
        self.rules = dict(rules)
        self._swept = -math.inf
        self._sweeping = threading.Lock()
        self._insert = (postgresql if self._postgres else sqlite).insert

    def _rule(self, what: object) -> Rule:
        if not isinstance(what, str) or what not in self.rules:
            raise InvalidSetup(_("what: one of {keys}, not {value}").format(keys=", ".join(self.rules),
                                                                            value=shown(what)))
        return self.rules[what]

    def _whom(self, visitor: object, address: object) -> list[tuple[str, str]]:
        """(who as stored, "visitor" or "address") for each of the two that is known."""
        found = []
        for name, value in (("visitor", visitor), ("address", address)):
            if value is None:
                continue
            if not isinstance(value, str) or not 0 < len(value) <= 200:
                raise InvalidSetup(_("{name}: a text of 1 to 200 characters or None, not {value}").format(
                    name=name, value=shown(value)))
            found.append((_who(name[0], value), name))
        return found

    def take(self, what: str, *, visitor: str | None, address: str | None) -> None:
        """Count one step `what` ("open", "join", "code") by `visitor` from `address` (either may be None:
        unknown, not limited); TooOften, counting nothing, when either is past its limit."""
        rule = self._rule(what)
        whom = self._whom(visitor, address)
        now = self._clock()
        window, into = divmod(now, rule.seconds)
        window, weight = int(window), 1 - into / rule.seconds  # the share of the window before still counted
        self._sweep(now)
        with self._transaction(write=True) as conn:
            for who, name in whom:
                limit = rule.per_visitor if name == "visitor" else rule.per_address
                insert = self._insert(LIMITS).values(what=what, who=who, window=window, count=1,
                                                     until=(window + 2) * rule.seconds)
                count = conn.execute(insert.on_conflict_do_update(
                    index_elements=[LIMITS.c.what, LIMITS.c.who, LIMITS.c.window],
                    set_={"count": LIMITS.c.count + 1}).returning(LIMITS.c.count)).scalar_one()
                before = conn.execute(sa.select(LIMITS.c.count).where(
                    LIMITS.c.what == what, LIMITS.c.who == who, LIMITS.c.window == window - 1)).scalar() or 0
                if count + before * weight > limit:
                    raise TooOften(what, name, _wait(count - 1, before, weight, limit, rule.seconds))

    def give_back(self, what: str, *, visitor: str | None, address: str | None) -> None:
        """Undo one step `what` counted by `take` in this window (a code tried that did lead to a room)."""
        rule = self._rule(what)
        whom = [who for who, _ in self._whom(visitor, address)]
        window = int(self._clock() // rule.seconds)
        with self._transaction(write=True) as conn:
            conn.execute(sa.update(LIMITS).where(LIMITS.c.what == what, LIMITS.c.who.in_(whom),
                                                 LIMITS.c.window == window, LIMITS.c.count > 0)
                         .values(count=LIMITS.c.count - 1))

    def _sweep(self, now: float) -> None:
        """Now and then (SWEEP_EVERY), remove the counters that no longer count."""
        if now - self._swept < SWEEP_EVERY or not self._sweeping.acquire(blocking=False):
            return
        try:
            self._swept = now
            with self._transaction(write=True) as conn:
                conn.execute(sa.delete(LIMITS).where(LIMITS.c.until < now))
        finally:
            self._sweeping.release()


def _wait(count: int, before: int, weight: float, limit: int, seconds: float) -> float:
    """Seconds until one more step fits: the earlier window's weight shrinks as time goes on; once the
    current window has ended, it is the earlier one."""
    if count < limit and before:  # within this window: count + before * w' <= limit - 1
        fits = (limit - 1 - count) / before
        return max(1.0, (weight - fits) * seconds)
    # the next window: count * w'' <= limit - 1
    return weight * seconds + max(0.0, 1 - (limit - 1) / max(count, 1)) * seconds
