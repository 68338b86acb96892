"""The learner's progress during a visit, and keeping it in this browser between visits.

Pages read `current()` and change it with `update(...)` (quitlok.progress says what it holds).
tutorial_app.py calls `load()` before the page and `keep()` after it: the browser reports a progress saved
on an earlier visit (browser.local_storage), `load` takes it up, and both hand the browser each new save.
A save of another version or a damaged one is set aside with a short notice, never a traceback; nothing
is kept on the server.
"""

import time
from collections.abc import Callable

import streamlit as st

from quitlok.progress import Progress, ProgressError
from quitlok.ui import browser, internals
from quitlok.ui.words import escape_markdown

KEY, LOADED = "progress", "progress.loaded"
#: the name of the save in the browser's local storage
STORAGE_NAME = "quitlok.progress"


#: the clock of the review schedule (tests put a fake one here)
CLOCK: Callable[[], float] = time.time


def now() -> float:
    return CLOCK()


def current() -> Progress:
    return st.session_state.get(KEY) or Progress()


def update(change: Callable[[Progress], Progress]) -> None:
    """Apply `change` to the progress; it is saved in the browser at the end of this run."""
    st.session_state[KEY] = change(current())


def load() -> None:
    """Before the page: take up the progress saved in this browser when it reports one (its report reruns
    the app, once; a new visitor's browser reports nothing), and save the progress as it is now. Saved here
    as well as after the page, since a page that calls st.stop() never reaches keep."""
    with st.sidebar:
        saved = browser.local_storage(STORAGE_NAME, _text(), loaded=bool(st.session_state.get(LOADED)),
                                      place="before")
    _take_up(saved)


def keep(place: str = "after") -> None:
    """After the page: save what it changed (a lesson step done during its run, say). The browser may report
    its save to this keeper rather than load's (whichever looks first): then the page is drawn again with it.
    A fragment that changes the progress calls keep_if_changed instead, with a `place` of its own."""
    with st.sidebar:
        _keeper(place)


def keep_if_changed(place: str) -> None:
    """`keep` for a fragment that may change the progress (a decision at the table, a lesson step done): its
    reruns do not reach the app's keeper, and drawing a keeper every run costs the browser a little. Drawn
    while this session holds no progress of its own (the browser may still report its save, and may report
    it to this keeper), then only in runs where the progress changed since this place last kept it; in the
    sidebar's slot that internals.sidebar_slot keeps for the fragment in every run, drawn into or not."""
    kept = f"progress.kept.{place}"
    with internals.sidebar_slot():
        if KEY not in st.session_state or current() is not st.session_state.get(kept):
            _keeper(place)
            st.session_state[kept] = current()


def keep_here(place: str) -> None:
    """The browser's keeper of the progress, drawn where the caller is (a fragment draws it inside
    internals.sidebar_slot); the practice table's own test of when to draw it keeps its keyboard focus
    (keep_if_changed's first runs lost it, tests/e2e/test_keyboard.py)."""
    _keeper(place)


def _keeper(place: str) -> None:
    """The browser's keeper of the progress, here; the page again when it reports a save to take up."""
    saved = browser.local_storage(STORAGE_NAME, _text(), loaded=bool(st.session_state.get(LOADED)), place=place)
    if _take_up(saved):
        st.rerun()


def _text() -> str:
    """What this browser keeps: the progress, or nothing ("") while there is none, so that a visitor who has
    done nothing has nothing to report when a page opens (each report costs the page a second run)."""
    kept = current()
    return "" if kept == Progress() else kept.to_json()


def _take_up(saved: str | None) -> bool:
    """Take up the save the browser reported, once per session, unless this visit has already begun anew;
    True when the progress changed."""
    ss = st.session_state
    if not saved or ss.get(LOADED):
        return False
    ss[LOADED] = True
    try:
        loaded = Progress.from_json(saved)
    except ProgressError as refused:
        st.toast(f"Your saved progress could not be read, so this visit starts afresh. "
                 f"({escape_markdown(str(refused))})",  # it may repeat what the browser sent
                 icon=":material/info:")
        return False
    if current() != Progress():
        return False
    ss[KEY] = loaded
    return True
