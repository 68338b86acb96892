"""The learner's progress during a visit, and keeping it in this browser between visits.

Pages read `current()` and change it with `update(...)` (quitlok.progress says what it holds). `keep()`,
called by tutorial_app.py at the end of every run, does the rest: on a session's first runs it asks the
browser for the saved progress (browser.local_storage) and, once it has it, draws the page again with it;
from then on it hands the browser each new save. A save of another version or a damaged one is set aside
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


def keep() -> None:
    """Read the saved progress on a session's first runs, then save every change (once per run, last)."""
    ss = st.session_state
    with st.sidebar:
        if not ss.get(LOADED):
            saved = browser.local_storage(STORAGE_NAME, None)
            if saved is None:
                return  # the browser has not answered yet: the next run asks again
            ss[LOADED] = True
            if saved:
                try:
                    loaded = Progress.from_json(saved)
                except ProgressError as refused:
                    st.toast(f"Your saved progress could not be read, so this visit starts afresh. ({refused})",
                             icon=":material/info:")
                else:
                    if current() == Progress():  # nothing done yet in this visit: take up where they left off
                        ss[KEY] = loaded
                        st.rerun()
            return
        browser.local_storage(STORAGE_NAME, current().to_json())
