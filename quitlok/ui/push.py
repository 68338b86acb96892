"""Pages that follow a room or a class session are woken when it changes, instead of asking every second.

A page's following fragment calls `watch(store, code)` on each of its runs: this browser session then watches
the room (quitlok.rooms.news, one `NEWS` per server process). A move's write publishes the room's new version
(in this process once it commits; on PostgreSQL, other app servers hear of it through LISTEN/NOTIFY), and
every session watching that room, and only those, has its following fragment run again at once by the server
(`internals.rerun_fragment`): the fragment sees the new version and draws the page again. An idle page costs
the server nothing but a fragment run every `FALLBACK` seconds, its safety net (a news missed while the
database was away, a page the server could not reach).

A page whose part for the room is drawn in a fragment of its own (`part`) has the server rerun that part alone, not
the whole page (its sidebar, its list of pages, its keepers): on a server with many phones a move reaches each of
them sooner (issue 23, item 5). Inside such a part, `whole_run()` tells the page's whole run from the part's own
runs, `keep_shape` has the whole page drawn again when what lies outside the part depends on what changed, and
`drawn`/`draw_for_followers` hand the followers outside the part (a heartbeat, the safety net) what it drew last.
"""

import functools
from collections.abc import Callable
from typing import Any

import streamlit as st

from quitlok.rooms.database import Store
from quitlok.rooms.news import Topic
from quitlok.ui import guard, internals

#: seconds between two looks of a following fragment that hears of no change (the safety net)
FALLBACK = 30.0
#: after how many seconds without a run of the following fragment the page asks for one (internals.stalled)
STALLED = 2 * FALLBACK + 5


def watch(store: Store, code: str) -> bool:
    """Call inside the fragment that follows room (or class session) `code` of `store`: from now on, a change of
    it reruns this fragment at once. False where the server cannot push (no server: AppTest)."""
    where = internals.this_fragment()
    if where is None:
        return False
    session_id, fragment_id = where
    internals.keep_other_fragments_finished()
    store.listen()

    def wake(_version: int | None) -> bool:
        if internals.running_session() == session_id:
            return True  # this session made the change: the run under way draws it
        return internals.rerun_fragment(session_id, fragment_id)

    store.news.watch(Topic(store.topic, code), session_id, wake)
    return True


#: session state: set while the page's whole run draws a part (`part`), taken away as that call returns: a run of
#: the part that does not find it is the part's own (the server's push, or a tap inside the part)
_WHOLE = "quitlok.push.whole"


def part(body: Callable[..., Any]) -> Callable[..., Any]:
    """`@push.part` in place of `@guard.fragment` for the part of a page that shows a room (it calls `watch`): drawn
    with the page in its whole runs, and run alone by the server as soon as the room changes, or by a tap inside it.
    Its body is guarded as any fragment's (quitlok.ui.guard)."""
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


def keep_shape(key: str, shape: Any) -> None:
    """Inside a `part`, once it knows what it is about to draw: `shape` is what the rest of the page depends on
    (which seats this device holds, whether the game has begun or ended, ...). The page's whole run keeps it under
    `key`; a run of the part alone that finds another shape draws the whole page again (st.rerun()), so that what
    lies outside the part (its followers, the keeper of the seats' keys) is drawn for it."""
    if whole_run():
        st.session_state[key] = shape
    elif st.session_state.get(key) != shape:
        st.rerun()


def draw_for_followers(key: str, drawn: dict[str, Any] | None) -> None:
    """Inside a `part`: what it drew (the room's version, ...), for the page's followers outside it (`drawn`)."""
    st.session_state[key] = drawn


def drawn(key: str) -> dict[str, Any]:
    """In a follower outside the part: what the part drew last (empty when it drew nothing to follow)."""
    return st.session_state.get(key) or {}
