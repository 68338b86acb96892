"""Each visitor's fair share of the server's processor (quitlok.costly.FairShare, issue 22 item 5): around
every run of a page (tutorial_app.py), the run's CPU time (`time.thread_time`: Streamlit runs each session's
script in a thread of its own) fills the visitor's bucket; a run that finds it past his share first says
"busy, one moment" (content/guard.md, a toast that takes no place on the page) and sleeps, which lets every
other visitor's page run. Only while another visitor's page is being run at the same moment: a visitor alone
on the server (or a test's pages, run one after another) never waits, and a person reading his page never
does either."""

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import streamlit as st

from quitlok.costly import FairShare
from quitlok.ui import guard

SHARE = "fair.share"
_running = 0  # the pages being run on this server now
_count = threading.Lock()
nap = time.sleep  # (tests count the naps)


def share() -> FairShare:
    found = st.session_state.get(SHARE)
    if not isinstance(found, FairShare):
        found = st.session_state[SHARE] = FairShare()
    return found


@contextmanager
def fair_share() -> Iterator[None]:
    """Around a run of the page: wait for this visitor's share first if he is past it; count the run's CPU."""
    global _running
    mine = share()
    with _count:
        others = _running
        _running += 1
    try:
        wait = mine.wait() if others else 0.0
        if wait > 0:
            st.toast(guard.words()["busy"], icon=":material/hourglass_top:")
            nap(wait)  # asleep, the interpreter is free for other visitors
        started = time.thread_time()
        try:
            yield
        finally:
            mine.spent(time.thread_time() - started)
    finally:
        with _count:
            _running -= 1
