"""A seated page's presence, said by the server while the page is open (issue 23, items 2 and 5).

A room shows who is here, away or gone (`Rooms.here`: a seat silent for AWAY_SECONDS is away), and its heartbeats
also move the game on for a person who is away or whose turn timer ran out. Each page once beat by itself: a
fragment that ran every few seconds, and every run of it cost the server a run of the page's script and Streamlit's
session header sent to the phone (about 3 kB), so an idle phone drew about 600 bytes a second and the server's
processor for each. Now the page notes, when its part for the room is drawn (`keep`), which seats it holds; one
thread of the server beats for every page that is connected and still shows that part (its browser's WebSocket is
open; every whole run of the app forgets the page first, so that a room left, or another page of the app, stops it,
and the part keeps it again when drawn; a closed or disconnected page is forgotten). An idle phone then costs a
small write every few seconds and no run, no message. When a beat finds that what the page shows has changed (who is
here, a seat open on another device, a key that no longer opens its seat, the database gone), the server runs the
page's part again, as a move's push does (quitlok.ui.internals.rerun_fragment). A page's whole run also beats once
itself (`beat_now`), so that a page just opened is here at once (and under AppTest, which has no browser to stay
connected, that is all).
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass

from quitlok.rooms import NotSeated, RoomNotFound, RoomsUnavailable
from quitlok.ui import internals

#: how often the server says that an open page's seats are here, in seconds (AWAY_SECONDS is several of these)
HEARTBEAT = 5.0

_LOG = logging.getLogger(__name__)


@dataclass
class _Page:
    store: object  # quitlok.rooms.Rooms
    code: str
    tokens: tuple[str, ...]
    device: str
    fragment: str
    drawn: object  # what the part showed of presence (compared with each beat's)


_pages: dict[str, _Page] = {}
_lock = threading.Lock()
_beating: threading.Thread | None = None


def beat_now(store, code: str, tokens, device: str) -> object | None:
    """This page's seats are here, now: what the room says of presence after it (as the part draws it: every
    seat's presence, and for each seat whether another device holds it), or None without seats. Raises what
    `Rooms.here` raises (NotSeated, RoomNotFound, RoomsUnavailable)."""
    beats = [store.here(code, token, device) for token in tokens]
    if not beats:
        return None
    return beats[-1].seats, tuple(beat.other_devices > 0 for beat in beats)


def keep(store, code: str, tokens, device: str, drawn: object) -> bool:
    """Call in the page's part for the room (a fragment), once it is drawn: while this page is open the server
    beats for `tokens` (none: it forgets the page, as `forget`). False outside a fragment."""
    where = internals.this_fragment()
    if where is None:
        return False
    if not tokens:
        forget()
        return True
    session, fragment = where
    with _lock:
        _pages[session] = _Page(store, code, tuple(tokens), device, fragment, drawn)
    _start()
    return True


def forget() -> None:
    """This page no longer holds seats of a room (it left it, or shows none)."""
    session = internals.running_session()
    if session is not None:
        with _lock:
            _pages.pop(session, None)


def _start() -> None:
    global _beating
    with _lock:
        if _beating is None or not _beating.is_alive():
            _beating = threading.Thread(target=_beat_forever, name="quitlok-presence", daemon=True)
            _beating.start()


def _beat_forever() -> None:
    while True:
        time.sleep(HEARTBEAT)
        try:
            beat_all()
        except Exception:  # a beat must never end the thread: the next one tries again
            _LOG.exception("presence: a round of heartbeats failed")


def beat_all() -> None:
    """One round: every kept page that is open and shows its part beats; a page whose server session is gone is
    forgotten; a page whose presence changed, or whose seat or room is lost, has its part run again."""
    with _lock:
        pages = list(_pages.items())
    for session, page in pages:
        try:
            _beat(session, page)
        except Exception:  # one page's failure leaves the others' beats alone
            _LOG.exception("presence: a page's heartbeat failed")
            _drop(session, page)


def _beat(session: str, page: _Page) -> None:
    showing = internals.showing_fragment(session, page.fragment)
    if showing is None:  # the server has no such session connected any more (it is forgotten; a page that
        _drop(session, page)  # reconnects runs again, and its part keeps it again)
        return
    if not showing:  # the part is not on its page at this moment (a whole run is drawing it again)
        return
    try:
        now = beat_now(page.store, page.code, page.tokens, page.device)
    except (NotSeated, RoomNotFound, RoomsUnavailable):  # the part says so (and keeps the page again if seated)
        _drop(session, page)
        internals.rerun_fragment(session, page.fragment)
        return
    if now != page.drawn:
        page.drawn = now  # (once: the part's run keeps what it draws)
        internals.rerun_fragment(session, page.fragment)


def _drop(session: str, page: _Page) -> None:
    """Forget `page`, unless its session has kept a newer one meanwhile."""
    with _lock:
        if _pages.get(session) is page:
            del _pages[session]
