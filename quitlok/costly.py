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

Pure Python, no Streamlit: the engine's callers (the Advisor, the coach, the Lab) share one store.
"""

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Any

from quitlok.errors import InvalidSetup, QuitlokError, TooLarge

__all__ = ["BUDGET", "SharedAnswers", "cpu_budget", "spend"]

#: the CPU time one expensive question may take (seconds of the asking thread's CPU)
BUDGET = 1.0

_local = threading.local()


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
        raise TooLarge("this question takes more computing than the app gives one question, too much to answer "
                       "exactly here")


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
        again (a new exception of the same kind and message for every caller)."""
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
