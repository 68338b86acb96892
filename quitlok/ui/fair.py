"""Each visitor's fair share of the server's processor (quitlok.costly.FairShare, issue 22 item 5; issue 23 item
7): around every run of a page (tutorial_app.py), the run's CPU time (`time.thread_time`: Streamlit runs each
session's script in a thread of its own) fills two buckets, the browser session's and its address's (one
address opening new sessions as fast as it can shares one bucket; quitlok.ui.limits says which address to
trust). A run that finds either past its share first says "busy, one moment" (content/guard.md, a toast that
takes no place on the page) and sleeps, which lets every other visitor's page run. Only while another page is
being run at the same moment: a visitor alone on the server (or a test's pages, run one after another) never
waits, and a person reading his page never does either.

Shortest first: besides the buckets, a run of a page or of a fragment that has taken LONG_RUN of CPU time
pauses at its next element (quitlok.ui.internals.watch_runs) while another visitor's run that has taken less is
going on, so that a short page (a card added on the Advisor) is not made to wait behind long ones (four
visitors' heavy pages drawn again and again): Python runs one thread at a time, and without it the short run
shares the interpreter with every long run in flight. A run pauses MOST_PAUSE in all at most, so a stream of
short runs cannot hold a long one back for good.

The buckets are this server's own: what they share out is this process's processor time (and Python's one
interpreter lock), so per-process counting is what is needed; several servers each protect their own visitors.
An address's share is three times a browser's over time, with a burst that lets a class of 30 phones behind
one school address join at once and answer questions now and then.
"""

import cProfile
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager

import streamlit as st

from quitlok import costly
from quitlok.costly import SHARE_RATE, FairShare
from quitlok.ui import guard, internals, limits

SHARE = "fair.share"
#: an address's share (CPU seconds a second, at once, the longest wait), and how many addresses' buckets a server
#: keeps (the least recently seen forgotten first). A class of 30 phones joining at once costs about 30 x
#: (NEW_SESSION_COST + 0.1 s), within the burst; a flood of fresh sessions is held to about one a second.
ADDRESS_RATE, ADDRESS_BURST, ADDRESS_WAIT, MOST_ADDRESSES = 3 * SHARE_RATE, 15.0, 30.0, 10_000
#: what a new session costs the server beyond its script's own CPU time, charged to its address: the WebSocket,
#: the session and the first page's messages are handled by the server's own thread, which no run's
#: thread_time sees (a flood of fresh sessions from one address spent most of its cost there: bench_flood.py)
NEW_SESSION_COST = 0.3
#: what an ordinary run of a page costs at most, in CPU seconds, and is not counted: only a run's CPU beyond it
#: fills the buckets. A page that follows a shared game is drawn again at every move (0.1-0.2 s a run) and
#: would otherwise use up its share in a lively game and wait between moves (seen: a room's pages kept busy
#: for a minute in the browser tests on a loaded machine); what the share is for are the costly runs (a
#: banker's question, a Lab run with custom rules: up to the 1 s budget of quitlok.costly), which still count
ORDINARY_RUN = 0.3
#: shortest first: a run that has taken this much CPU time (seconds) gives way, at its elements, to a run of less;
#: the most it pauses in all, and the step of its pause
LONG_RUN, MOST_PAUSE, PAUSE_STEP = 0.05, 1.0, 0.005
_running = 0  # the pages being run on this server now
_count = threading.Lock()
_here = threading.local()  # the run of this thread's page, if any


class _Run:
    """A page's run under way: when it started (its thread's CPU clock), the CPU time it had taken at its last
    element, and how long it has paused for shorter runs."""

    __slots__ = ("started", "taken", "paused", "begun", "profile")

    def __init__(self) -> None:
        self.started, self.taken, self.paused, self.begun = time.thread_time(), 0.0, 0.0, time.time()
        self.profile: cProfile.Profile | None = None


_runs: set[_Run] = set()
#: a file to which every run's figures are added, when the environment names one (benchmarks/bench_costly.py): the
#: moment it started, its session, its time on the clock and on the processor, and its pauses (ms)
RUN_LOG = os.environ.get("QUITLOK_RUN_LOG")
_log = threading.Lock()
#: a folder in which each session's runs are profiled (cProfile, in the run's own thread), when the environment
#: names one (benchmarks/bench_costly.py --profile): a file for each run
PROFILE = os.environ.get("QUITLOK_PROFILE")
pause = time.sleep  # (tests count the pauses)
_addresses: OrderedDict[str, FairShare] = OrderedDict()
nap = time.sleep  # (tests count the naps)


def share() -> FairShare:
    """This browser session's bucket."""
    found = st.session_state.get(SHARE)
    if not isinstance(found, FairShare):
        found = st.session_state[SHARE] = FairShare()
    return found


def address_share(address: str | None) -> FairShare | None:
    """The bucket of `address` (None when the address is not known)."""
    if address is None:
        return None
    with _count:
        found = _addresses.get(address)
        if found is None:
            found = _addresses[address] = FairShare(ADDRESS_RATE, ADDRESS_BURST, ADDRESS_WAIT)
            while len(_addresses) > MOST_ADDRESSES:
                _addresses.popitem(last=False)
        _addresses.move_to_end(address)
        return found


@contextmanager
def fair_share() -> Iterator[None]:
    """Around a run of the page: wait for this visitor's share first if he is past it; count the run's CPU."""
    global _running
    new = SHARE not in st.session_state
    mine, theirs = share(), address_share(limits.address())
    if new and theirs is not None:
        theirs.spent(NEW_SESSION_COST)
    buckets = [b for b in (mine, theirs) if b is not None]
    with _count:
        others = _running
        _running += 1
    try:
        wait = max(b.wait() for b in buckets) if others else 0.0
        if wait > 0:
            st.toast(guard.words()["busy"], icon=":material/hourglass_top:")
            nap(wait)  # asleep, the interpreter is free for other visitors
        started = time.thread_time()
        try:
            yield
        finally:
            used = time.thread_time() - started - ORDINARY_RUN
            if used > 0:
                for bucket in buckets:
                    bucket.spent(used)
    finally:
        with _count:
            _running -= 1


def run_started() -> None:
    """A run of a page or of a fragment begins in this thread: it is counted among the runs under way."""
    run = _here.run = _Run()
    with _count:
        _runs.add(run)
    if PROFILE:
        run.profile = cProfile.Profile()
        run.profile.enable()


def run_ended() -> None:
    run = getattr(_here, "run", None)
    _here.run = None
    with _count:
        _runs.discard(run)
    if run is not None and run.profile is not None:
        _keep_profile(run)
    if RUN_LOG and run is not None:
        line = (f"{run.begun:.3f} {internals.running_session()} {1000 * (time.time() - run.begun):.1f} "
                f"{1000 * (time.thread_time() - run.started):.1f} {1000 * run.paused:.0f}\n")
        with _log, open(RUN_LOG, "a", encoding="utf-8") as log:
            log.write(line)


def _keep_profile(run: _Run) -> None:
    """Write a run's profile out (only with QUITLOK_PROFILE): <folder>/<session>-<its start>.prof."""
    run.profile.disable()
    run.profile.dump_stats(os.path.join(PROFILE, f"{internals.running_session()}-{run.begun:.3f}.prof"))


def shortest_first() -> None:
    """At every element of a page's run: once the run has taken LONG_RUN of CPU time, pause while another
    visitor's run that has taken less is going on (MOST_PAUSE in all at most). Asleep, it leaves the interpreter
    to the shorter run."""
    run = getattr(_here, "run", None)
    if run is None:
        return
    run.taken = time.thread_time() - run.started
    while run.taken >= LONG_RUN and run.paused < MOST_PAUSE and _shorter_than(run):
        pause(PAUSE_STEP)
        run.paused += PAUSE_STEP


def _shorter_than(run: _Run) -> bool:
    with _count:
        return any(other.taken < run.taken - LONG_RUN for other in _runs if other is not run)


internals.watch_runs(run_started, shortest_first, run_ended)
# the app's expensive questions (the banker's advice, the Lab's exact edges and runs) are worked out in worker
# processes, off this server's interpreter (quitlok.costly.away); QUITLOK_WORKERS=0 keeps them in the page's thread
costly.set_default_workers(costly.WORKERS)
