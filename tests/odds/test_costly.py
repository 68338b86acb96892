"""Expensive questions are bounded and shared (issue 22, item 5): quitlok.costly, the banker's advice and the
Lab's exact edges stored by position, one computation per position however many ask at once, and a question
past the CPU budget refused with TooLarge (the app's "too large to answer exactly here"), never guessed."""

import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quitlok.bank_odds as bank_odds
import quitlok.costly as costly
import quitlok.lab as lab
from quitlok import KVITLACH, QUITLOK
from quitlok.bank_odds import OpenHand, banker_advice
from quitlok.costly import FairShare, SharedAnswers, cpu_budget, spend
from quitlok.errors import InvalidCards, InvalidSetup, TooLarge
from quitlok.odds import edge_outcomes
from quitlok.stock import Stock

#: the issue's lever: 48 cards and 7 open hands of 6 face-down cards (3.2-3.5 s on every rerun before)
HEAVY = dict(hand=[1], seen=[], rules=KVITLACH, open_hands=[OpenHand(1, (None,) * 6, 0)] * 7)
#: a question that takes about 0.9 s of CPU here (more on a slower machine): answered within a budget of 5 s,
#: refused within a small one
SLOW = dict(hand=[1], seen=[], rules=KVITLACH, open_hands=[OpenHand(1, (None,) * 3, 0)] * 3)


def ask(question: dict):
    return banker_advice(question["hand"], question["seen"], question["rules"], open_hands=question["open_hands"])


@pytest.fixture
def fresh(monkeypatch):
    """A store of banker's answers of this test's own, empty."""
    store = SharedAnswers("test", 16)
    monkeypatch.setattr(bank_odds, "ANSWERS", store)
    return store


# --- the banker's advice ------------------------------------------------------------------------------------


def test_a_position_asked_again_gets_the_very_same_answer_without_working_it_out(fresh):
    open_hands = [OpenHand(2, (None, 5), 0), OpenHand(1, (None, 3, None), 1)]
    first = banker_advice([10, 6], [1, 8], QUITLOK, open_hands=open_hands)
    assert fresh.computed == 1
    # the same position written otherwise: seen cards in another order, the default stock spelled out
    again = banker_advice([10, 6], [8, 1], QUITLOK, open_hands=open_hands,
                          stock=Stock(24 - 2 - 2 - 2 - 3, (1, 8)))
    assert again == first and fresh.computed == 1
    fresh.clear()
    assert banker_advice([10, 6], [1, 8], QUITLOK, open_hands=open_hands) == first and fresh.computed == 2


def test_positions_that_differ_are_not_confused(fresh):
    one = banker_advice([10, 6], [], QUITLOK, open_hands=[OpenHand(1, (None, 5), 0)])
    other = banker_advice([6, 10], [], QUITLOK, open_hands=[OpenHand(1, (None, 5), 0)])  # order of his cards
    stake = banker_advice([10, 6], [], QUITLOK, open_hands=[OpenHand(2, (None, 5), 0)])
    assert fresh.computed == 3 and one is not other and one.values != stake.values


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(1, 12), min_size=1, max_size=2), st.lists(st.integers(1, 12), max_size=4),
       st.integers(1, 3), st.booleans())
def test_a_stored_answer_equals_one_worked_out_afresh(hand, seen, stake, exact):
    rules = QUITLOK
    open_hands = [OpenHand(stake, (None, None), 0)]
    try:
        stored = banker_advice(hand, seen, rules, open_hands=open_hands, exact=exact)
    except InvalidCards:
        return
    again = banker_advice(hand, list(reversed(seen)), rules, open_hands=open_hands, exact=exact)
    assert again == stored  # worked out once (its words are said per request, in the asker's language)
    with pytest.MonkeyPatch.context() as patch:  # worked out afresh, in a store of its own
        patch.setattr(bank_odds, "ANSWERS", SharedAnswers("afresh", 1))
        assert banker_advice(hand, seen, rules, open_hands=open_hands, exact=exact) == stored


def test_the_issue_s_lever_is_refused_within_the_budget_and_then_at_once(fresh, apps_budget):
    start = time.thread_time()
    with pytest.raises(TooLarge, match="too much to answer exactly here"):
        ask(HEAVY)
    took = time.thread_time() - start
    assert took < costly.BUDGET + 0.3  # it took 2.8 s of CPU before the budget
    start = time.perf_counter()
    with pytest.raises(TooLarge, match="too much to answer exactly here"):
        ask(HEAVY)  # the refusal is stored: a rerun costs nothing
    assert time.perf_counter() - start < 0.05 and fresh.computed == 1


def test_a_question_past_a_smaller_budget_is_refused_not_guessed(fresh, monkeypatch):
    monkeypatch.setattr(costly, "BUDGET", 0.05)
    with pytest.raises(TooLarge):
        ask(SLOW)
    monkeypatch.setattr(costly, "BUDGET", 5.0)
    monkeypatch.setattr(bank_odds, "ANSWERS", SharedAnswers("again", 4))
    assert ask(SLOW).best in ("stand", "draw")


def test_many_threads_asking_one_position_work_it_out_once(fresh, monkeypatch):
    monkeypatch.setattr(costly, "BUDGET", 5.0)  # SLOW is near the default budget on a slow machine: shared, not refused
    answers, problems = [], []
    gate = threading.Barrier(8)

    def visitor():
        gate.wait()
        try:
            answers.append(ask(SLOW))
        except Exception as problem:  # noqa: BLE001 - the test reports whatever a thread met
            problems.append(problem)

    threads = [threading.Thread(target=visitor) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not problems and len(answers) == 8
    assert fresh.computed == 1 and all(answer == answers[0] for answer in answers)


def test_many_threads_asking_a_refused_position_work_it_out_once_and_each_gets_the_refusal(fresh, apps_budget):
    refused = []

    def visitor():
        try:
            ask(HEAVY)
        except TooLarge as problem:
            refused.append(problem)

    threads = [threading.Thread(target=visitor) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(refused) == 6 and fresh.computed == 1
    assert len({id(problem) for problem in refused}) == 6  # each its own exception, with the same words
    assert len({str(problem) for problem in refused}) == 1


# --- the store itself ---------------------------------------------------------------------------------------


def test_the_store_keeps_at_most_its_entries_and_forgets_the_least_recently_used():
    store = SharedAnswers("small", 3)
    for key in "abc":
        store.answer(key, lambda key=key: key.upper())
    store.answer("a", lambda: pytest.fail("a is stored"))  # a used again: b is now the oldest
    store.answer("d", lambda: "D")
    assert len(store) == 3 and store.knows("a") and not store.knows("b") and store.knows("d")
    assert store.answer("b", lambda: "B again") == "B again"


def test_threads_asking_different_keys_do_not_wait_for_each_other():
    store, started = SharedAnswers("parallel", 8), threading.Event()

    def slow():
        started.set()
        time.sleep(0.5)
        return "slow"

    thread = threading.Thread(target=store.answer, args=("slow", slow))
    thread.start()
    started.wait()
    begin = time.perf_counter()
    assert store.answer("quick", lambda: "quick") == "quick"
    assert time.perf_counter() - begin < 0.2
    thread.join()


def test_an_error_that_is_not_the_library_s_is_not_stored():
    store, calls = SharedAnswers("bugs", 4), []

    def broken():
        calls.append(1)
        raise RuntimeError("a bug, not an answer")

    for _ in range(2):
        with pytest.raises(RuntimeError):
            store.answer("k", broken)
    assert len(calls) == 2 and not store.knows("k")


def test_spend_does_nothing_outside_a_budget_and_budgets_nest():
    spend()
    with cpu_budget(10.0):
        with cpu_budget(0.0), pytest.raises(TooLarge):
            spend()
        spend()  # the outer budget again


# --- the Lab ------------------------------------------------------------------------------------------------


def test_the_lab_s_exact_edge_is_worked_out_once_for_every_visitor(monkeypatch):
    store = SharedAnswers("edges", 4)
    monkeypatch.setattr(lab, "EDGES", store)
    results = []
    threads = [threading.Thread(target=lambda: results.append(lab.exact_edge(KVITLACH, 17))) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert store.computed == 1 and all(result is results[0] for result in results)
    assert results[0] == edge_outcomes(KVITLACH, stands_on=17, exact=True)


def test_the_lab_s_tables_are_built_once_for_every_visitor(monkeypatch):
    store = SharedAnswers("tables", 4)
    monkeypatch.setattr(lab, "TABLES", store)
    built = []
    threads = [threading.Thread(target=lambda: built.append(lab._tables(QUITLOK, "cautious", 17))) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert store.computed == 1 and all(tables is built[0] for tables in built)


# --- FairShare: one visitor's share of the processor (issue 22, item 5, clicking flat out) -----------------


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_visitor_within_his_share_never_waits():
    clock = Clock()
    share = FairShare(rate=0.1, burst=2.0, most_wait=5.0, clock=clock)
    for _ in range(100):  # a person: a page of 0.08 s of CPU every second
        assert share.wait() == 0
        share.spent(0.08)
        clock.now += 1


def test_a_visitor_past_his_share_waits_until_it_drains_back():
    clock = Clock()
    share = FairShare(rate=0.1, burst=2.0, most_wait=5.0, clock=clock)
    share.spent(2.3)
    assert share.wait() == pytest.approx(3.0)  # 0.3 s over, drained at 0.1 a second
    clock.now += 3.0
    assert share.wait() == pytest.approx(0.0)


def test_flat_out_a_visitor_gets_his_rate_of_the_processor():
    """Clicking without pause, 0.2 s of CPU a run, waiting as told: over a long time he uses about `rate`."""
    clock = Clock()
    share = FairShare(rate=0.1, burst=2.0, most_wait=5.0, clock=clock)
    used, start = 0.0, clock.now
    while clock.now - start < 600:
        clock.now += share.wait()
        share.spent(0.2)
        used += 0.2
        clock.now += 0.2
    assert used / (clock.now - start) < 0.1 * 1.1


def test_one_long_run_does_not_lock_a_visitor_out_for_long():
    share = FairShare(rate=0.1, burst=2.0, most_wait=5.0, clock=Clock())
    share.spent(50.0)  # a million hands in the Lab
    assert share.wait() == pytest.approx(5.0)


@pytest.mark.parametrize("bad", [0, -1, "1", None, True, float("nan"), float("inf")])
def test_a_fair_share_s_settings_are_checked(bad):

    with pytest.raises(InvalidSetup):
        FairShare(rate=bad)
