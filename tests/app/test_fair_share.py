"""Each visitor's fair share of the processor (quitlok.ui.fair, issue 22 item 5): a visitor past his share
waits, with the app's "busy" words, while another visitor's page is being run; alone, he never waits."""

import pytest
from streamlit.testing.v1 import AppTest

from quitlok.costly import FairShare
from quitlok.ui import fair, guard, limits
from tests.app.conftest import APP


@pytest.fixture
def slept(monkeypatch):
    naps = []
    monkeypatch.setattr(fair, "nap", naps.append)
    return naps


def visitor_past_his_share() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    share = FairShare()
    share.spent(100.0)
    at.session_state[fair.SHARE] = share
    return at


def test_a_visitor_past_his_share_waits_while_another_page_runs(monkeypatch, slept):
    at = visitor_past_his_share()
    monkeypatch.setattr(fair, "_running", 1)  # another visitor's page is being run at this moment
    at.run()
    assert slept and 4 < slept[0] <= 5
    assert [t.value for t in at.toast] == [guard.words()["busy"]]
    assert at.title and not at.exception


def test_a_visitor_alone_on_the_server_never_waits(slept):
    at = visitor_past_his_share()
    at.run()
    assert not slept and not at.toast


def test_a_costly_run_fills_the_visitor_s_bucket_and_an_ordinary_one_does_not(monkeypatch):
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    share = at.session_state[fair.SHARE]
    assert share._level == 0, "an ordinary run (the Home page) is not counted"
    assert fair._running == 0  # counted out after the run
    monkeypatch.setattr(fair, "ORDINARY_RUN", -1.0)  # every run counted as a second more costly than it was
    at.run()
    assert at.session_state[fair.SHARE]._level > 0.9


def test_new_sessions_from_one_address_share_its_bucket(monkeypatch, slept):
    """A script opening a fresh session for every page (as the room flood did) is held to its address's share."""
    monkeypatch.setattr(limits, "address", lambda: "203.0.113.66")
    fair.address_share("203.0.113.66").spent(100.0)
    monkeypatch.setattr(fair, "_running", 1)
    at = AppTest.from_file(APP, default_timeout=60)  # a new session: its own bucket is empty
    at.run()
    assert slept and 25 < slept[0] <= 30 and not at.exception
    monkeypatch.setattr(limits, "address", lambda: "198.51.100.1")
    slept.clear()
    AppTest.from_file(APP, default_timeout=60).run()
    assert not slept, "another address is not held up"


def test_a_new_session_is_charged_to_its_address(monkeypatch):
    monkeypatch.setattr(limits, "address", lambda: "192.0.2.200")
    monkeypatch.setattr(fair, "NEW_SESSION_COST", 10.0)  # large beside what the run's seconds drain
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    assert fair.address_share("192.0.2.200")._level >= 7.0
    at.run()  # the same session again: not charged again
    assert fair.address_share("192.0.2.200")._level < 14.0


class Clock:
    """The thread's CPU clock, moved by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def paused(monkeypatch):
    pauses = []
    monkeypatch.setattr(fair, "pause", pauses.append)
    return pauses


def a_run(clock, monkeypatch, taken: float):
    monkeypatch.setattr(fair.time, "thread_time", clock)
    run = fair._Run()
    run.taken = taken
    return run


def test_a_long_run_gives_way_to_a_shorter_run_of_another_visitor(monkeypatch, paused):
    clock = Clock()
    mine, short = a_run(clock, monkeypatch, 0.0), a_run(clock, monkeypatch, 0.01)
    monkeypatch.setattr(fair, "_runs", {mine, short})
    monkeypatch.setattr(fair._here, "run", mine, raising=False)
    clock.now = 0.02
    fair.shortest_first()
    assert not paused, "a run that has taken little never pauses"
    clock.now = 0.3
    fair.shortest_first()
    assert len(paused) == round(fair.MOST_PAUSE / fair.PAUSE_STEP), "paused while the shorter run went on, bounded"
    paused.clear()
    fair.shortest_first()
    assert not paused, "at most MOST_PAUSE in all in one run"


def test_a_long_run_goes_on_once_the_shorter_run_has_ended(monkeypatch, paused):
    clock = Clock()
    mine, short = a_run(clock, monkeypatch, 0.0), a_run(clock, monkeypatch, 0.0)
    runs = {mine, short}
    monkeypatch.setattr(fair, "_runs", runs)
    monkeypatch.setattr(fair._here, "run", mine, raising=False)
    monkeypatch.setattr(fair, "pause", lambda s: (paused.append(s), len(paused) == 3 and runs.discard(short)))
    clock.now = 0.3
    fair.shortest_first()
    assert len(paused) == 3


def test_runs_alike_do_not_hold_each_other_back(monkeypatch, paused):
    clock = Clock()
    mine, other = a_run(clock, monkeypatch, 0.0), a_run(clock, monkeypatch, 0.28)
    monkeypatch.setattr(fair, "_runs", {mine, other})
    monkeypatch.setattr(fair._here, "run", mine, raising=False)
    clock.now = 0.3
    fair.shortest_first()
    assert not paused


def test_every_run_is_counted_while_it_goes_on():
    """The app's page runs (and its fragments') are known to the shortest-first rule while they go on, and
    forgotten after."""
    from quitlok.ui import internals

    seen = []
    try:
        internals.watch_runs(fair.run_started,
                             lambda: seen.append((len(fair._runs), getattr(fair._here, "run", None))), fair.run_ended)
        at = AppTest.from_file(APP, default_timeout=60)
        at.run()
    finally:
        internals.watch_runs(fair.run_started, fair.shortest_first, fair.run_ended)
    assert not at.exception and seen
    assert all(count == 1 and run is not None for count, run in seen), "its own run, under way, and no other"
    assert not fair._runs, "a run is forgotten once it has ended"
