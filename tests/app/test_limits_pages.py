"""One visitor cannot crowd out the others (issue 23, item 7), on the pages: opening rooms and class sessions,
joining them and trying codes are limited per browser and per address, with the app's own words; a refused
step opens, joins and looks up nothing. (The counters themselves: tests/limits/test_limits.py.)"""

import pytest
from streamlit.testing.v1 import AppTest

import quitlok.limits
from quitlok.classroom.store import Classes
from quitlok.limits import Rule
from quitlok.rooms import Rooms
from quitlok.rooms.database import ROOMS
from quitlok.ui import guard
from quitlok.ui import limits as limits_ui
from tests.app.conftest import APP, click, query_values, texts
from tests.app.test_classroom_page import join as join_class
from tests.app.test_classroom_page import start as start_class
from tests.app.test_together_page import open_room, visit

WAIT = "Please wait a little"


@pytest.fixture(autouse=True)
def fresh_counters(database_url):
    """Each test counts in its own database; the store of counters is made again for it."""
    limits_ui._store.cache_clear()
    yield
    limits_ui._store.cache_clear()


@pytest.fixture
def small_rules(monkeypatch):
    monkeypatch.setattr(quitlok.limits, "RULES", {"open": Rule(per_visitor=2, per_address=3, seconds=600),
                                                  "join": Rule(per_visitor=3, per_address=4, seconds=600),
                                                  "code": Rule(per_visitor=3, per_address=4, seconds=600),
                                                  "pupil": Rule(per_visitor=3, per_address=2, seconds=600)})


@pytest.fixture
def from_address(monkeypatch):
    """Visitors' addresses, as the page finds them: set `from_address.now` before a visitor's steps."""
    class Where:
        now: str | None = None

    monkeypatch.setattr(limits_ui, "address", lambda: Where.now)
    return Where


def rooms_in(database_url: str) -> int:
    store = Rooms(database_url)
    with store._transaction(write=False) as conn:
        count = len(conn.execute(ROOMS.select()).all())
    store.close()
    return count


def open_again(at: AppTest) -> AppTest:
    """Leave the room and open another from the same browser."""
    at.session_state["together.room"] = None
    at.query_params.clear()
    at.run()
    at.text_input(key="together.host_name").input("Dov")
    return click(at, "together.create")


def test_one_browser_opens_rooms_up_to_its_limit_then_is_told_to_wait(database_url):
    at = open_room("Dov")
    for _ in range(quitlok.limits.RULES["open"].per_visitor - 1):
        assert query_values(open_again(at), "room")
    opened = rooms_in(database_url)
    open_again(at)
    assert guard.words()["too_often_open"].split(".")[0] in texts(at) and "browser" in texts(at)
    assert not query_values(at, "room") and rooms_in(database_url) == opened, "no room was opened"
    assert not at.exception


def test_an_address_opens_rooms_up_to_its_limit_whatever_the_browser(database_url, small_rules, from_address):
    from_address.now = "192.0.2.7"
    for _ in range(3):
        assert query_values(open_room("Dov"), "room")
    refused = open_room("Dov")  # a new browser, the same address
    assert WAIT in texts(refused) and "network address" in texts(refused)
    assert not query_values(refused, "room")
    from_address.now = "198.51.100.1"
    assert query_values(open_room("Dov"), "room"), "another address is not held up"


def wrong_code(at: AppTest, code: str) -> AppTest:
    at.text_input(key="together.code").input(code)
    at.text_input(key="together.join_name").input("Eve")
    return click(at, "together.join")


def test_codes_that_lead_nowhere_are_limited_and_then_even_a_right_one_is_not_looked_up(database_url):
    host = open_room("Dov")
    code = query_values(host, "room")[0]
    at = visit()
    for n in range(quitlok.limits.RULES["code"].per_visitor):
        assert "no room" in texts(wrong_code(at, f"QQQQ{'23456789'[n % 8]}{'ABCDEFGH'[n // 8]}")).lower()
    wrong_code(at, code)  # the right code, after too many wrong ones: not looked up, so it tells nothing
    assert guard.words()["too_often_code"].split(".")[0] in texts(at)
    assert not query_values(at, "room")


def test_right_codes_do_not_count_against_a_browser(database_url, monkeypatch):
    monkeypatch.setattr(quitlok.limits, "RULES", {**quitlok.limits.RULES,
                                                  "code": Rule(per_visitor=1, per_address=1, seconds=600)})
    host = open_room("Dov")
    code = query_values(host, "room")[0]
    at = wrong_code(visit(), code)  # the right code: Eve sits down (wrong_code types any code)
    for name in ("Fay", "Gil"):  # pass and play: two more people sit down on the same device
        at.text_input(key="together.here_name").input(name)
        click(at, "together.here")
    assert WAIT not in texts(at) and len(at.session_state["together.seats"]) == 3


def test_links_to_rooms_that_do_not_exist_count_as_codes_tried_from_an_address(database_url, small_rules,
                                                                                from_address):
    from_address.now = "203.0.113.9"
    for n in range(4):
        assert "no room" in texts(visit({"room": f"QQQQQ{'23456789'[n]}"})).lower()
    refused = visit({"room": "QQQQQZ"})
    assert WAIT in texts(refused) and "network address" in texts(refused) and not refused.exception


def test_a_class_of_thirty_phones_on_one_school_address_joins(database_url, from_address):
    """The shipped limits: a teacher and 30 phones behind one school address, a third of them mistyping the
    code first, all join."""
    from_address.now = "192.0.2.55"
    teacher = start_class()
    code = query_values(teacher, "class")[0]
    for phone in range(30):
        if phone % 3 == 0:
            mistyped = AppTest.from_file(APP, default_timeout=60)
            mistyped.query_params["class"] = "QQQQQQ"
            mistyped.run()
            mistyped.switch_page("pages/classroom.py").run()
            assert WAIT not in texts(mistyped)
        joined = join_class(code, f"Pupil {phone}")
        assert WAIT not in texts(joined), phone
        assert joined.session_state["class.key"], phone  # seated: its key kept by the device, not the address
    assert Classes(database_url).view(code, teacher.session_state["class.key"]).class_size == 30


def test_one_address_makes_only_so_many_pupils_of_one_class(database_url, small_rules, from_address):
    """One client joining again and again as new browsers (60 puppets in 28 s once outvoted a class): the
    pupils' own limit per address refuses it before the seats' limit would, and the refusal joins nobody."""
    from_address.now = "192.0.2.66"
    teacher = start_class()
    code = query_values(teacher, "class")[0]
    for puppet in range(2):
        assert WAIT not in texts(join_class(code, f"Puppet {puppet}"))
    refused = join_class(code, "Puppet 2")
    assert WAIT in texts(refused) and "one phone is one pupil" in texts(refused) and not refused.exception
    assert Classes(database_url).view(code, teacher.session_state["class.key"]).class_size == 2


def test_a_teacher_starts_sessions_up_to_the_limit_then_is_told_to_wait(database_url, small_rules):
    at = start_class()
    at.session_state["class.code"] = None
    at.query_params.clear()
    at.run()
    click(at, "class.start")
    assert query_values(at, "class")
    at.session_state["class.code"] = None
    at.query_params.clear()
    at.run()
    click(at, "class.start")
    assert WAIT in texts(at) and not query_values(at, "class")


@pytest.mark.parametrize("proxies, header, seen", [
    ("", "203.0.113.9", "10.0.0.2"),  # no proxy configured: the header, which anyone can send, is ignored
    ("1", "203.0.113.9", "203.0.113.9"),
    ("1", "198.51.100.66, 203.0.113.9", "203.0.113.9"),  # the visitor's own entry before the proxy's: ignored
    ("2", "198.51.100.66, 203.0.113.9, 10.0.0.5", "203.0.113.9"),
    ("2", "10.0.0.5", "10.0.0.2"),  # fewer entries than proxies: not sent through them, the connection's own
])
def test_x_forwarded_for_is_trusted_only_when_configured(monkeypatch, proxies, header, seen):
    from types import SimpleNamespace

    monkeypatch.setenv(limits_ui.PROXIES_VARIABLE, proxies)
    monkeypatch.setattr(limits_ui, "st", SimpleNamespace(context=SimpleNamespace(
        headers={"X-Forwarded-For": header}, ip_address="10.0.0.2")))
    assert limits_ui.address() == seen
