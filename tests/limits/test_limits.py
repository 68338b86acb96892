"""quitlok.limits: how often a visitor and an address may open, join and try codes (issue 23, item 7)."""

import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quitlok.errors import InvalidSetup, TooOften
from quitlok.limits import RULES, Limits, Rule


class Clock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


def limits_at(tmp_path, clock, **rules) -> Limits:
    return Limits(f"sqlite:///{tmp_path / 'limits.sqlite3'}", clock=clock,
                  rules=rules or {"open": Rule(per_visitor=3, per_address=5, seconds=60)})


def takes(limits: Limits, what: str, visitor, address) -> bool:
    try:
        limits.take(what, visitor=visitor, address=address)
    except TooOften:
        return False
    return True


def test_a_visitor_is_refused_past_his_limit_and_let_in_again_after_waiting(tmp_path, clock):
    limits = limits_at(tmp_path, clock)
    assert [takes(limits, "open", "ann", "10.0.0.1") for _ in range(4)] == [True, True, True, False]
    with pytest.raises(TooOften) as refused:
        limits.take("open", visitor="ann", address="10.0.0.1")
    assert refused.value.whom == "visitor" and 0 < refused.value.wait <= 120
    clock.now += refused.value.wait + 0.01
    assert takes(limits, "open", "ann", "10.0.0.1")


def test_an_address_is_refused_past_its_limit_whatever_the_visitor(tmp_path, clock):
    limits = limits_at(tmp_path, clock)
    assert [takes(limits, "open", f"v{i}", "10.0.0.1") for i in range(6)] == [True] * 5 + [False]
    assert takes(limits, "open", "v9", "10.0.0.2")  # another address is not held up
    with pytest.raises(TooOften) as refused:
        limits.take("open", visitor="v10", address="10.0.0.1")
    assert refused.value.whom == "address"


def test_a_refused_step_counts_nothing(tmp_path, clock):
    limits = limits_at(tmp_path, clock)
    for _ in range(3):
        limits.take("open", visitor="ann", address=None)
    for _ in range(50):  # hammering while refused does not push the wait further
        assert not takes(limits, "open", "ann", None)
    clock.now += 61
    clock.now += 60 * (1 - 2 / 3) + 0.01  # the earlier window's 3 weigh less than 3 once a third has passed
    assert takes(limits, "open", "ann", None)


def test_no_burst_of_twice_the_limit_at_a_window_s_edge(tmp_path, clock):
    limits = limits_at(tmp_path, clock)
    clock.now = 60 * 100 + 59  # the last second of a window
    assert sum(takes(limits, "open", "ann", None) for _ in range(10)) == 3
    clock.now += 2  # the first second of the next
    assert sum(takes(limits, "open", "ann", None) for _ in range(10)) == 0


def test_a_code_that_led_somewhere_is_given_back(tmp_path, clock):
    limits = limits_at(tmp_path, clock, code=Rule(per_visitor=2, per_address=10, seconds=60))
    for _ in range(20):
        limits.take("code", visitor="ann", address="10.0.0.1")
        limits.give_back("code", visitor="ann", address="10.0.0.1")
    assert takes(limits, "code", "ann", "10.0.0.1")


def test_limits_hold_across_servers_sharing_a_database(tmp_path, clock):
    """Two stores on one database (two app servers): a visitor's steps on both count together."""
    one, two = limits_at(tmp_path, clock), limits_at(tmp_path, clock)
    assert [takes(server, "open", "ann", None) for server in (one, two, one, two)] == [True, True, True, False]


def test_a_class_of_thirty_phones_behind_one_address_joins(tmp_path, clock):
    """The shipped rules: 30 phones on one school address join, each after a mistyped code, in one minute."""
    limits = Limits(f"sqlite:///{tmp_path / 'limits.sqlite3'}", clock=clock)
    for phone in range(30):
        clock.now += 2
        limits.take("code", visitor=f"phone{phone}", address="192.0.2.7")  # a wrong code, counted
        limits.take("code", visitor=f"phone{phone}", address="192.0.2.7")
        limits.give_back("code", visitor=f"phone{phone}", address="192.0.2.7")  # the right one, given back
        limits.take("join", visitor=f"phone{phone}", address="192.0.2.7")
    assert RULES["join"].per_address >= 30


def test_threads_at_once_never_pass_the_limit(tmp_path, clock):
    limits = limits_at(tmp_path, clock)
    passed = []

    def visitor() -> None:
        passed.append(takes(limits, "open", "ann", None))

    threads = [threading.Thread(target=visitor) for _ in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert passed.count(True) == 3


@settings(max_examples=40, deadline=None)
@given(steps=st.lists(st.floats(min_value=0, max_value=90), min_size=1, max_size=25))
def test_within_any_window_no_more_steps_pass_than_the_limit(tmp_path_factory, steps):
    """Whatever the times of the steps, no span of `seconds` holds twice the limit of steps let through (the
    sliding estimate weighs the window before as if its steps were spread evenly: a span across two windows may
    hold a few more than the limit, never twice as many)."""
    clock = Clock(6_000.0)
    limits = Limits(f"sqlite:///{tmp_path_factory.mktemp('l') / 'limits.sqlite3'}", clock=clock,
                    rules={"open": Rule(per_visitor=4, per_address=100, seconds=60)})
    passed = []
    for gap in steps:
        clock.now += gap
        if takes(limits, "open", "ann", None):
            passed.append(clock.now)
    for start in passed:
        assert sum(start <= t < start + 60 for t in passed) < 4 * 2


@pytest.mark.parametrize("what, visitor, address", [("fly", "ann", None), (None, "ann", None), ("open", 7, None),
                                                    ("open", "x" * 201, None), ("open", "ann", ["10.0.0.1"]),
                                                    ("open", "", None)])
def test_wrong_arguments_are_refused_in_the_library_s_words(tmp_path, clock, what, visitor, address):
    with pytest.raises(InvalidSetup):
        limits_at(tmp_path, clock).take(what, visitor=visitor, address=address)


def test_old_counters_are_swept(tmp_path, clock):
    limits = limits_at(tmp_path, clock)
    limits.take("open", visitor="ann", address="10.0.0.1")
    clock.now += 3600
    limits.take("open", visitor="bob", address="10.0.0.2")
    from quitlok.limits import LIMITS
    with limits._transaction(write=False) as conn:
        rows = conn.execute(LIMITS.select()).all()
    assert len(rows) == 2  # bob's, as visitor and as address: ann's are gone


def test_on_postgresql_two_servers_and_many_threads_never_pass_the_limit(postgres_url):
    """Two app servers' stores on one PostgreSQL database, six threads each at the same moment: a visitor
    gets exactly his limit, however his steps are spread."""
    import uuid

    clock = Clock()
    servers = [Limits(postgres_url, clock=clock, rules={"open": Rule(per_visitor=3, per_address=100, seconds=60)})
               for _ in range(2)]
    visitor, passed = uuid.uuid4().hex, []
    gate = threading.Barrier(12)

    def step(server: Limits) -> None:
        gate.wait()
        passed.append(takes(server, "open", visitor, None))

    threads = [threading.Thread(target=step, args=(servers[i % 2],)) for i in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert passed.count(True) == 3
    servers[0].give_back("open", visitor=visitor, address=None)
    assert takes(servers[1], "open", visitor, None)
    for server in servers:
        server.close()
