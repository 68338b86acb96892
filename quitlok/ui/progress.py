"""The learner's progress during a visit, and keeping it in this browser between visits.

Pages read `current()` and change it with `update(...)` (quitlok.progress says what it holds).
tutorial_app.py calls `load()` before the page and `keep()` after it: on a session's first runs `load` asks
the browser for the saved progress (browser.local_storage) and takes it up when the answer comes; from then
on both hand the browser each new save. A save of another version or a damaged one is set aside
with a short notice, never a traceback; nothing is kept on the server.
"""

import time
from collections.abc import Callable

import streamlit as st

from quitlok.progress import Progress, ProgressError
from quitlok.ui import browser

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
    """Before the page: on a session's first runs, ask the browser for the saved progress and take it up once
    it answers (its answer itself reruns the app); after that, save the progress as it is now. (Saved here
    as well as after the page, since a page that calls st.stop() never reaches keep.)"""
    ss = st.session_state
    with st.sidebar:
        if ss.get(LOADED):
            browser.local_storage(STORAGE_NAME, current().to_json(), place="before")
            return
        saved = browser.local_storage(STORAGE_NAME, None, place="before")
        if saved is None:
            return  # the browser has not answered yet
        ss[LOADED] = True
        if not saved:
            return
        try:
            loaded = Progress.from_json(saved)
        except ProgressError as refused:
            st.toast(f"Your saved progress could not be read, so this visit starts afresh. ({refused})",
                     icon=":material/info:")
            return
        if current() == Progress():  # nothing done yet in this visit: take up where they left off
            ss[KEY] = loaded


def keep() -> None:
    """After the page: save what it changed (a lesson step done during its run, say)."""
    if st.session_state.get(LOADED):
        with st.sidebar:
            browser.local_storage(STORAGE_NAME, current().to_json(), place="after")
