"""How long the engine takes to make a class question of each kind, for both presets.

For every kind: the first question in this process (it builds the exact solver's tables for the rules),
then the median and the slowest of SEEDS more, each from its own seed (no cached question is reused).
The same process throughout: a teacher's server makes many questions, so the warm figures are the ones a
class waits for when the teacher steps on.

Run: python benchmarks/bench_classroom.py
"""

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from quitlok import KVITLACH, QUITLOK  # noqa: E402
from quitlok.classroom import KINDS, make_question  # noqa: E402
from quitlok.classroom.questions import _make  # noqa: E402

SEEDS = 40


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f} ms"


def timed(kind: str, rules, seed: int) -> float:
    _make.cache_clear()
    start = time.perf_counter()
    make_question(kind, rules, seed)
    return time.perf_counter() - start


def main() -> None:
    print(f"Making one class question: the first in the process, then the median and slowest of {SEEDS} seeds")
    for rules in (QUITLOK, KVITLACH):
        print(f"\n{rules.name} ({rules.pack_size} cards)")
        print(f"  {'kind':<12} {'first':>11} {'median':>11} {'slowest':>11}")
        for kind in KINDS:
            first = timed(kind, rules, 10_000)
            times = [timed(kind, rules, seed) for seed in range(SEEDS)]
            print(f"  {kind:<12} {ms(first)} {ms(statistics.median(times))} {ms(max(times))}")


if __name__ == "__main__":
    main()
