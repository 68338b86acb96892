"""A page's part that the server's push reruns alone (issue 23, item 5; issue 24, item 9).

A page that follows something shared (a room, a class session) draws what it shows of it in a fragment of its own, its
*part*, which watches it (quitlok.ui.push, called inside the part): when it changes, the server reruns that part
alone, not the whole page with the app's helpers around every page (the fair share, the keepers of the browser's
storage, the list of pages). Thirty phones shown a new question are then thirty short runs of the part, not thirty
whole pages queued one behind another in the server's one Python process.

The page's whole run has usually read the shared thing already (to decide what the page is: a pupil's phone, the
teacher's device, a place lost); it hands what it read to the part (`hand_over`), and the part's run within that
same whole run takes it (`take`) rather than reading it again. The part's own run (a push, a tap inside it) finds
nothing handed over and reads anew. A part notes what it drew (`note_drawn`) so that the page's slow safety net
(a fragment with `run_every`) can compare the shared thing now with what is on screen (`drawn`), and draw the
whole page again when they differ (news missed while the database was away).

A part may also be drawn with `@part` (Play together's room): then `whole_run()` tells the page's whole run from
the part's own runs, and `keep_shape` has the whole page drawn again when what lies outside the part depends on
what changed (which seats this device holds, whether the game has begun or ended).
"""

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import streamlit as st

from quitlok.ui import guard

T = TypeVar("T")

#: the prefix of the session-state keys this module keeps
_PREFIX = "parts."


def hand_over(name: str, value: object) -> None:
    """In the page's whole run, just before it draws the part `name`: what it read for it."""
    st.session_state[_PREFIX + "handed." + name] = value


def take(name: str, read: Callable[[], T]) -> tuple[T, bool]:
    """In the part `name`: (what the page's whole run handed over, True) when this is a whole run of the page;
    (read(), False) in the part's own run, which reads anew. What was handed over is taken once."""
    handed = st.session_state.pop(_PREFIX + "handed." + name, _NOTHING)
    if handed is not _NOTHING:
        return handed, True
    return read(), False


def note_drawn(name: str, value: object) -> None:
    """What the part `name` has just drawn (the shared thing's version, and whatever else the safety net checks)."""
    st.session_state[_PREFIX + "drawn." + name] = value


def drawn(name: str) -> Any:
    """What the part `name` drew last (None before its first run)."""
    return st.session_state.get(_PREFIX + "drawn." + name)


#: session state: set while the page's whole run draws a `part`, taken away as that call returns: a run of the part
#: that does not find it is the part's own (the server's push, or a tap inside the part)
_WHOLE = _PREFIX + "whole"


def part(body: Callable[..., Any]) -> Callable[..., Any]:
    """`@parts.part` in place of `@guard.fragment` for the part of a page that shows a room (it calls
    `push.watch`): drawn with the page in its whole runs, and run alone by the server as soon as the room changes,
    or by a tap inside it. Its body is guarded as any fragment's (quitlok.ui.guard)."""
    fragment = guard.fragment(body)

    @functools.wraps(body)
    def drawn_by_the_page(*args: Any, **kwargs: Any) -> Any:
        st.session_state[_WHOLE] = True
        try:
            return fragment(*args, **kwargs)
        finally:
            st.session_state.pop(_WHOLE, None)

    return drawn_by_the_page


def whole_run() -> bool:
    """Inside a `part`: whether this is the page's whole run (False: a run of the part alone)."""
    return bool(st.session_state.get(_WHOLE))


def keep_shape(name: str, shape: Any) -> None:
    """Inside a `part`, once it knows what it is about to draw: `shape` is what the rest of the page depends on.
    The page's whole run keeps it under `name`; a run of the part alone that finds another shape draws the whole
    page again (st.rerun()), so that what lies outside the part (its followers, the keeper of the seats' keys) is
    drawn for it."""
    key = _PREFIX + "shape." + name
    if whole_run():
        st.session_state[key] = shape
    elif st.session_state.get(key) != shape:
        st.rerun()


_NOTHING = object()
