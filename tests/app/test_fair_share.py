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
