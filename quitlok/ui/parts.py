"""A page's part that the server's push reruns alone (issue 24, item 9).

A page that follows something shared (a class session) draws what it shows of it in a fragment of its own, its
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
"""

from collections.abc import Callable
from typing import TypeVar

import streamlit as st

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


def drawn(name: str) -> object:
    """What the part `name` drew last (None before its first run)."""
    return st.session_state.get(_PREFIX + "drawn." + name)


_NOTHING = object()
