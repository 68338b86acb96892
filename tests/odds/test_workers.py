"""Expensive questions are worked out in a worker process, off the server's interpreter (issue 22, item 5:
quitlok.costly.away): the answer is the one worked out in the asking thread, the asking thread spends almost no
CPU time on it, the worker runs at a lower priority, and a worker that fails or is too slow gives the library's
Unavailable (the app's "busy, try again"), which no store keeps."""

import os
import time
from dataclasses import replace

import pytest

import quitlok.bank_odds as bank_odds
import quitlok.costly as costly
import quitlok.lab as lab
from quitlok import KVITLACH, QUITLOK
from quitlok.bank_odds import OpenHand, banker_advice
from quitlok.costly import SharedAnswers, away
from quitlok.errors import InvalidCards, InvalidSetup, TooLarge, Unavailable
from quitlok.lab import LabSetup, played, simulate, summarise

#: a banker's question of about a third of a second of CPU time
MIDDLING = dict(hand=[1], seen=[], rules=KVITLACH, open_hands=[OpenHand(1, (None,) * 2, 0)] * 3)
#: the issue's lever: refused within the budget, in the worker too
HEAVY = dict(hand=[1], seen=[], rules=KVITLACH, open_hands=[OpenHand(1, (None,) * 6, 0)] * 7)


def ask(question: dict):
    return banker_advice(question["hand"], question["seen"], question["rules"], open_hands=question["open_hands"])


@pytest.fixture
def workers(monkeypatch):
    """Worker processes on (one, as the app has), each test's banker answers and Lab edges in stores of its own."""
    monkeypatch.setenv("QUITLOK_WORKERS", "1")
    monkeypatch.setattr(bank_odds, "ANSWERS", SharedAnswers("test", 16))
    monkeypatch.setattr(lab, "EDGES", SharedAnswers("test edges", 16))
    yield
    monkeypatch.setenv("QUITLOK_WORKERS", "0")


# functions a worker runs (functions of a module: a worker imports them)


def _pid_and_niceness() -> tuple[int, int]:
    return os.getpid(), os.nice(0)


def _workers_of_its_own() -> int:
    return costly.worker_count()


def _dies() -> None:
    os._exit(3)  # as a worker killed by the system (out of memory) would


def _breaks() -> None:
    raise KeyError("a bug in the worker")


def _refuses() -> None:
    raise InvalidCards("open hand 1: no cards")


def _sleeps(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def test_the_banker_s_answer_from_a_worker_equals_the_one_worked_out_here(workers, monkeypatch):
    started = time.thread_time()
    from_worker = ask(MIDDLING)
    asking_thread = time.thread_time() - started
    monkeypatch.setenv("QUITLOK_WORKERS", "0")
    bank_odds.ANSWERS.clear()
    started = time.thread_time()
    here = ask(MIDDLING)
    worked_here = time.thread_time() - started
    assert from_worker == here
    # the asking thread (a page's) spends almost nothing on it: the interpreter is free for other visitors
    assert asking_thread < 0.05 < worked_here, (asking_thread, worked_here)


def test_a_question_past_the_budget_is_refused_in_the_worker_too_and_kept_as_a_refusal(workers):
    with pytest.raises(TooLarge):
        ask(HEAVY)
    assert bank_odds.ANSWERS.knows(next(iter(bank_odds.ANSWERS._entries)))
    started = time.monotonic()
    with pytest.raises(TooLarge):
        ask(HEAVY)
    assert time.monotonic() - started < 0.05  # the refusal is read from the store, not asked of the worker


def test_the_lab_s_exact_edge_and_runs_from_a_worker_equal_those_worked_out_here(workers):
    house = replace(QUITLOK, name="House", copies=4, twelve_values=(12, 10, 9))
    setup = LabSetup(rules=house, player="best", stands_on=17, retire_at=None, bank=10)
    from_worker = played(setup, 3_000, seed=5)
    here = summarise(simulate(setup, 3_000, seed=5))
    assert (from_worker.hands, from_worker.total, from_worker.wins, from_worker.out) == \
        (here.hands, here.total, here.wins, here.out)
    assert (from_worker.mean == here.mean).all() and (from_worker.se == here.se).all()
    assert lab.exact_edge(QUITLOK, 17) == lab.edge_outcomes(QUITLOK, stands_on=17, exact=True)


def test_a_bad_lab_setup_is_refused_from_the_worker_with_the_library_s_own_error(workers):
    setup = LabSetup(rules=QUITLOK, player="best", stands_on=17, retire_at=None, bank=10)
    with pytest.raises(InvalidSetup, match="seed"):
        played(setup, 100, seed=-1)


def test_the_worker_is_another_process_at_a_lower_priority_with_no_workers_of_its_own(workers):
    pid, niceness = away(_pid_and_niceness)
    assert pid != os.getpid()
    assert niceness == min(19, os.nice(0) + costly.WORKER_NICE)
    assert away(_workers_of_its_own) == 0


def test_a_worker_that_dies_gives_unavailable_and_the_next_question_gets_a_new_worker(workers):
    with pytest.raises(Unavailable, match="try again"):
        away(_dies)
    assert away(_sleeps, 0.0) == 0.0


def test_a_bug_in_the_worker_gives_unavailable_not_its_traceback(workers):
    with pytest.raises(Unavailable, match="try again"):
        away(_breaks)


def test_the_library_s_own_refusal_comes_back_from_the_worker_as_it_is(workers):
    with pytest.raises(InvalidCards, match="no cards"):
        away(_refuses)


def test_a_worker_too_slow_gives_unavailable_within_the_wait_and_says_how_long_it_waited(workers):
    waited = []
    away(_sleeps, 0.0)  # the worker is up
    started = time.monotonic()
    with pytest.raises(Unavailable, match="too busy"):
        away(_sleeps, 3.0, wait=0.6, waiting=waited.append)
    assert time.monotonic() - started < 2.0
    assert waited and waited == sorted(waited) and waited[-1] < 0.6


def test_unavailable_is_never_kept_as_an_answer():
    store, calls = SharedAnswers("test", 4), []

    def busy():
        calls.append(1)
        raise Unavailable("the server is too busy")

    for _ in range(2):
        with pytest.raises(Unavailable):
            store.answer("key", busy)
    assert len(calls) == 2 and not store.knows("key")
    assert store.answer("key", lambda: 42) == 42


def test_without_workers_the_question_is_worked_out_in_the_asking_thread(monkeypatch):
    monkeypatch.setenv("QUITLOK_WORKERS", "0")
    assert away(_pid_and_niceness)[0] == os.getpid()


@pytest.mark.parametrize("text, count", [("0", 0), ("2", 2), (" 1 ", 1), ("x", 5), ("-1", 5), ("", 5)])
def test_the_environment_sets_the_workers_else_the_default(monkeypatch, text, count):
    monkeypatch.setattr(costly, "_default_workers", 5)
    monkeypatch.setenv("QUITLOK_WORKERS", text)
    assert costly.worker_count() == count


@pytest.mark.parametrize("bad", [-1, 65, 1.5, True, "1", None])
def test_the_default_workers_are_checked(bad):
    with pytest.raises(InvalidSetup, match="workers"):
        costly.set_default_workers(bad)
