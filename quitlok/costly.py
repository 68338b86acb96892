"""Expensive questions, bounded and shared (issue 22, item 5).

Some questions cost a second of CPU (the banker's advice against many open hands, the exact edge of a
house rule set): a visitor who asks one on every rerun must not slow everybody else's pages. Two tools:

- `SharedAnswers`: a process-wide, thread-safe, bounded (least recently used) store of answers keyed by the
  normalised question. Several sessions asking the same question at once compute it once: the first takes
  the key's lock and works, the others wait on that lock and read its answer. A question the library
  refuses (any `QuitlokError`: too large, or cards no table can hold) is remembered as a refusal, so asking
  it again costs nothing either.
- `cpu_budget(seconds)` / `spend()`: a budget of the calling thread's own CPU time (`time.thread_time`, so
  that other sessions' work on the same server does not count against this one). Long loops call `spend()`
  now and then; past the budget it raises `TooLarge`, and the app says "too large to answer exactly here"
  rather than guess. Outside a budget `spend()` does nothing, so the library's own callers are unchanged.

- `FairShare`: one visitor's share of the server's processor (issue 22, item 5, "flat out"). Answers read from
  the store cost little, but the pages around them do not: a visitor whose page reruns three times a second
  (four such visitors clicking without pause) keeps Python's one interpreter lock busy, and every other
  visitor's page waits for it. Each visitor has a bucket that fills with the CPU time of his page's runs and
  drains at `SHARE_RATE` CPU seconds a second; past `SHARE_BURST`, while others' pages are being run, his next
  run first waits (asleep, so others' pages run) until the bucket is back within it, at most `MOST_WAIT`
  seconds. A person reading his page never waits; four visitors clicking flat out together take little more
  than 4 x SHARE_RATE of the interpreter.

- `away(function, *args)`: work an expensive question out in a worker process (issue 22, item 5, "the
  interpreter"). Python runs one thread of a process at a time; a question that computes for a second in the
  server holds that interpreter lock, and every other visitor's page, which lets it go and takes it back at
  each message it sends, waits behind it. A few worker processes (`WORKERS`, spawned on first use, at a lower
  OS priority, `WORKER_NICE`) do that work on their own interpreter; the server's thread waits for the answer
  asleep, at most `WORKER_WAIT` seconds. A worker that fails, or no answer in time, raises `Unavailable`
  (the app says "busy, try again"), which a `SharedAnswers` never keeps. The environment's QUITLOK_WORKERS
  sets how many workers (0: the question is worked out in the calling thread, as the library's callers and
  the tests do by default; the app sets the default to WORKERS, quitlok.ui.fair).

Pure Python, no Streamlit: the engine's callers (the Advisor, the coach, the Lab) share one store;
quitlok.ui.fair keeps a visitor's FairShare and runs his pages within it.
"""

import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import Any

from quitlok.errors import InvalidSetup, QuitlokError, TooLarge, Unavailable
from quitlok.i18n import N_

__all__ = ["BUDGET", "FairShare", "SharedAnswers", "away", "cpu_budget", "set_default_workers", "spend",
           "worker_count"]

#: the CPU time one expensive question may take (seconds of the asking thread's CPU)
BUDGET = 1.0
#: a visitor's share of the processor over time (CPU seconds a second), the CPU time his runs may take at once
#: beyond it (a costly question of BUDGET, and a page around it), and the longest one run waits for his share
SHARE_RATE, SHARE_BURST, MOST_WAIT = 0.1, 2.0, 5.0

#: the worker processes the app uses for expensive questions (a 2-core server: one core's worth of them, so
#: that the server's own interpreter keeps the other), how much lower their OS priority is (os.nice), the longest a
#: page waits for an answer (wall seconds: a question is held to BUDGET of CPU time in the worker; a Lab run of a
#: million hands takes several seconds), and how often a waiting page is told how long it has waited
WORKERS, WORKER_NICE, WORKER_WAIT, WAIT_STEP = 1, 10, 60.0, 0.25

_local = threading.local()
_log = logging.getLogger(__name__)
_default_workers = 0
_pool: concurrent.futures.ProcessPoolExecutor | None = None
_pool_size = 0
_pool_lock = threading.Lock()


@contextmanager
def cpu_budget(seconds: float | None = None) -> Iterator[None]:
    """Within the block, `spend()` raises TooLarge once this thread has used `seconds` (default BUDGET) of CPU
    time. Nested budgets keep the earlier deadline."""
    seconds = BUDGET if seconds is None else seconds
    before = getattr(_local, "deadline", None)
    deadline = time.thread_time() + seconds
    _local.deadline = deadline if before is None else min(before, deadline)
    try:
        yield
    finally:
        _local.deadline = before


def spend() -> None:
    """Raise TooLarge when the current budget (if any) is used up."""
    deadline = getattr(_local, "deadline", None)
    if deadline is not None and time.thread_time() > deadline:
        raise TooLarge(N_("this question takes more computing than the app gives one question, too much to answer "
                          "exactly here"))


class FairShare:
    """One visitor's share of the processor: `spent(seconds)` after each of his runs, `wait()` before the next
    (the seconds to sleep first, 0 within his share). A bucket of CPU seconds that drains at `rate` a second; a
    run waits until the bucket is down to `burst`, at most `most_wait` (debt beyond that is forgiven, so that
    one long Lab run does not lock a visitor out for minutes). `clock`: seconds, for tests."""

    def __init__(self, rate: float = SHARE_RATE, burst: float = SHARE_BURST, most_wait: float = MOST_WAIT, *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        for name, value in (("rate", rate), ("burst", burst), ("most_wait", most_wait)):
            if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < 1e6:
                raise InvalidSetup(f"{name}: a number of seconds above 0, not {value!r}")
        self.rate, self.burst, self.most_wait, self._clock = rate, burst, most_wait, clock
        self._level, self._at = 0.0, clock()
        self._lock = threading.Lock()

    def _drain(self) -> float:
        now = self._clock()
        self._level = max(0.0, self._level - (now - self._at) * self.rate)
        self._at = now
        return self._level

    def wait(self) -> float:
        with self._lock:
            return min(self.most_wait, max(0.0, self._drain() - self.burst) / self.rate)

    def spent(self, seconds: float) -> None:
        with self._lock:
            most = self.burst + self.most_wait * self.rate  # what waiting most_wait brings back to burst
            self._level = min(most, self._drain() + max(0.0, seconds))


class SharedAnswers:
    """A bounded store of answers (or refusals) by key, shared by every thread; one computation per key."""

    def __init__(self, name: str, max_entries: int) -> None:
        if not isinstance(max_entries, int) or max_entries < 1:
            raise InvalidSetup(f"max_entries: a whole number, 1 or more, not {max_entries!r}")
        self.name, self.max_entries = name, max_entries
        self._entries: OrderedDict[Hashable, tuple[bool, Any]] = OrderedDict()
        self._lock = threading.Lock()  # guards _entries and _working
        self._working: dict[Hashable, list] = {}  # key -> [its lock, how many threads want it]
        #: how many times a question was worked out (not read from the store): for tests and benchmarks
        self.computed = 0

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    def knows(self, key: Hashable) -> bool:
        """Whether the answer to `key` is stored (asking it costs nothing)."""
        with self._lock:
            return key in self._entries

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def _read(self, key: Hashable) -> tuple[bool, Any] | None:
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
            return found

    def answer(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """The stored answer to `key`, or `compute()`'s, stored; a QuitlokError it raised is stored and raised
        again (a new exception of the same kind and message for every caller), except Unavailable (the question
        is worked out again when asked again)."""
        found = self._read(key)
        if found is None:
            with self._lock:
                working = self._working.setdefault(key, [threading.Lock(), 0])
                working[1] += 1
            try:
                with working[0]:  # one thread works out a key; the others wait here, then read its answer
                    found = self._read(key)
                    if found is None:
                        try:
                            found = (True, compute())
                        except Unavailable:  # says nothing of the question: asked again, it is worked out again
                            raise
                        except QuitlokError as problem:
                            found = (False, (type(problem), problem.args))
                        with self._lock:
                            self.computed += 1
                            self._entries[key] = found
                            while len(self._entries) > self.max_entries:
                                self._entries.popitem(last=False)
            finally:
                with self._lock:
                    working[1] -= 1
                    if not working[1]:
                        del self._working[key]
        answered, value = found
        if answered:
            return value
        kind, args = value
        raise kind(*args)


# --- worker processes --------------------------------------------------------------------------------------


def set_default_workers(count: int) -> None:
    """How many worker processes `away` uses when the environment does not say (QUITLOK_WORKERS)."""
    global _default_workers
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 64:
        raise InvalidSetup(f"workers: a whole number from 0 to 64, not {count!r}")
    _default_workers = count


def worker_count() -> int:
    """The worker processes `away` uses now: QUITLOK_WORKERS if it is a whole number, else the default."""
    text = os.environ.get("QUITLOK_WORKERS", "").strip()
    return min(64, int(text)) if text.isascii() and text.isdigit() else _default_workers


def _lower_priority(nice: int) -> None:
    """A worker's first step: a lower OS priority, so that the server's own pages come first on the processor; and
    no workers of its own (what it is asked is worked out in it)."""
    os.environ["QUITLOK_WORKERS"] = "0"
    with contextlib.suppress(OSError):  # not allowed here: the worker still works, at the server's priority
        os.nice(nice)


def _workers(count: int) -> concurrent.futures.ProcessPoolExecutor:
    global _pool, _pool_size
    with _pool_lock:
        if _pool is None or _pool_size != count:
            if _pool is not None:
                _pool.shutdown(wait=False, cancel_futures=True)
            # spawned, not forked: the server's threads (and their locks) are not copied into a worker
            _pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=count, mp_context=multiprocessing.get_context("spawn"),
                initializer=_lower_priority, initargs=(WORKER_NICE,))
            _pool_size = count
        return _pool


def _forget(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """A broken pool is replaced at the next question."""
    global _pool
    with _pool_lock:
        if _pool is pool:
            _pool = None
    pool.shutdown(wait=False, cancel_futures=True)


def away(function: Callable[..., Any], *args: Any, wait: float | None = None,
         waiting: Callable[[float], None] | None = None) -> Any:
    """`function(*args)`, worked out in a worker process when there are any (`worker_count()`), else here. The
    calling thread sleeps meanwhile (every `WAIT_STEP` seconds it calls `waiting(seconds waited)`, when given) for
    at most `wait` seconds (WORKER_WAIT). A QuitlokError the function raised is raised again here; a worker that
    fails or does not answer in time raises Unavailable. `function` and `args` must be picklable (a function of a
    module, not a closure)."""
    count = worker_count()
    if not count:
        return function(*args)
    pool = _workers(count)
    most = WORKER_WAIT if wait is None else wait
    started = time.monotonic()
    try:
        future = pool.submit(function, *args)
        while True:
            try:
                return future.result(timeout=max(0.0, min(WAIT_STEP, most - (time.monotonic() - started))))
            except concurrent.futures.TimeoutError:
                waited = time.monotonic() - started
                if waited >= most:
                    future.cancel()  # not started yet: dropped; under way: its answer is not awaited
                    raise Unavailable(N_("the server is too busy to work this out now (no answer within {seconds} "
                                         "seconds); try again in a moment"), {"seconds": f"{most:.0f}"}) from None
                if waiting is not None:
                    waiting(waited)
    except QuitlokError:
        raise
    except BrokenProcessPool:
        _log.exception("a worker process for %s stopped", getattr(function, "__name__", function))
        _forget(pool)
        raise Unavailable(N_("the server could not work this out just now (its worker stopped); try again")) from None
    except Exception:
        _log.exception("a worker process failed on %s", getattr(function, "__name__", function))
        raise Unavailable(N_("the server could not work this out just now; try again")) from None
