"""The server's interpreter alone: does an expensive question slow an ordinary page's run? (issue 22, item 5)

No browser and no Streamlit: one Python process as the server, its threads as the pages' runs. The ordinary
visitor's run is ORDINARY_MS of Python work in MESSAGES steps, each ending in a message sent on a socket (a
Streamlit run sends each element so, letting the interpreter go and taking it back), timed from the moment it is
due (a click arriving) to its end: about what an Advisor card takes of the server (bench_costly.py);
four expensive visitors are threads that ask, one after another, banker's questions the store has not seen (the
Kvitlach pack against three open hands of two face-down cards, a stake and a first card that change every time:
about a third of a second each, refused past quitlok.costly.BUDGET) and Lab runs of 10,000 hands with a new seed.
The ordinary run is timed --rounds times alone, then beside the four, with the expensive questions worked out in
the asking thread (QUITLOK_WORKERS=0, as before issue 22's worker processes) and in a worker process (1, as the
app does now). Prints median and 95th percentile of each and the ratio (goal: within 1.5x).

Run: python benchmarks/bench_interpreter.py [--rounds 60] [--workers 0,1]
"""

import argparse
import contextlib
import itertools
import os
import socket
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from quitlok import KVITLACH, QUITLOK, bank_odds  # noqa: E402
from quitlok.bank_odds import OpenHand, banker_advice  # noqa: E402
from quitlok.costly import SharedAnswers  # noqa: E402
from quitlok.errors import QuitlokError  # noqa: E402
from quitlok.lab import LabSetup, played  # noqa: E402

#: the ordinary run's Python work, in ms (alone, on a quiet machine), and the messages it sends
ORDINARY_MS, MESSAGES = 10, 30


def calibrate() -> int:
    """Loop steps that take about ORDINARY_MS alone."""
    steps, took = 10_000, 0.0
    while took < 0.05:
        steps *= 2
        started = time.perf_counter()
        work(steps)
        took = time.perf_counter() - started
    return int(steps * ORDINARY_MS / 1000 / took)


def work(steps: int) -> int:
    total = 0
    for i in range(steps):
        total += i % 7
    return total


def summary(times: list[float]) -> tuple[float, float]:
    times = sorted(times)
    return statistics.median(times), times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]


def ordinary(steps: int, rounds: int) -> list[float]:
    """Each run's time from when it was due (the sleep before it is asked to end then: waking, the thread waits
    for the interpreter like a page's run) to its end."""
    times, (out, into) = [], socket.socketpair()
    into.setblocking(False)
    for _ in range(rounds):
        due = time.perf_counter() + 0.05  # a person between two cards
        time.sleep(0.05)
        for _ in range(MESSAGES):
            work(steps // MESSAGES)
            out.send(b"m")
            with contextlib.suppress(BlockingIOError):
                into.recv(4096)
        times.append(1000 * (time.perf_counter() - due))
    out.close()
    into.close()
    return times


def banker(stop: threading.Event, asked: list, offset: int) -> None:
    for n in itertools.count(offset, 4):
        if stop.is_set():
            return
        stake, first = 1 + n % 50, 1 + (n // 50) % 12  # a position the store has not seen
        with contextlib.suppress(QuitlokError):  # past the budget: refused, as the app would
            banker_advice([first], [], KVITLACH, open_hands=[OpenHand(stake, (None, None), 0)] * 3)
        asked.append(1)


def lab(stop: threading.Event, asked: list) -> None:
    setup = LabSetup(rules=QUITLOK, player="best", stands_on=17, retire_at=None, bank=10)
    for seed in itertools.count(1):
        if stop.is_set():
            return
        played(setup, 10_000, seed)
        asked.append(1)


def measure(workers: int, steps: int, rounds: int) -> None:
    os.environ["QUITLOK_WORKERS"] = str(workers)
    bank_odds.ANSWERS = SharedAnswers("bench", 4096)
    played(LabSetup(rules=QUITLOK, player="best", stands_on=17, retire_at=None, bank=10), 1000, 0)  # warm up
    alone = ordinary(steps, rounds)
    stop, asked = threading.Event(), []
    threads = [threading.Thread(target=banker, args=(stop, asked, i)) for i in range(3)]
    threads.append(threading.Thread(target=lab, args=(stop, asked)))
    for thread in threads:
        thread.start()
    time.sleep(0.5)
    beside = ordinary(steps, rounds)
    stop.set()
    for thread in threads:
        thread.join()
    a, b = summary(alone), summary(beside)
    print(f"QUITLOK_WORKERS={workers}: the ordinary run alone median {a[0]:.1f} ms, p95 {a[1]:.1f} ms; beside the four "
          f"median {b[0]:.1f} ms, p95 {b[1]:.1f} ms; ratio median {b[0] / a[0]:.2f}x, p95 {b[1] / a[1]:.2f}x "
          f"({len(asked)} expensive questions answered meanwhile; load average {os.getloadavg()[0]:.1f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--workers", default="0,1", help="the QUITLOK_WORKERS to measure, in order")
    args = parser.parse_args()
    steps = calibrate()
    for workers in (int(w) for w in args.workers.split(",")):
        measure(workers, steps, args.rounds)


if __name__ == "__main__":
    main()
