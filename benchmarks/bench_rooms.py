"""How fast rooms take actions: 10 rooms of 5 people playing as fast as they can, on SQLite and PostgreSQL.

Run: python benchmarks/bench_rooms.py [--seconds 10] [--rooms 10] [--pollers 30] [--backend both]

Every person is a thread that looks at its room (`Rooms.view`) and, on its turn, takes a random legal
action through `Rooms.act` with the view's version, as a page would. A seat that is not to act waits
until its room changes (a push in this one process, so the threads do not drown the database in
polling), then looks again: every change is looked at by all five seats. `--pollers` more threads each
look at a random seat once a second, as that many more browsers would. Finished games are replaced by
new ones. Prints actions per second and the median and 95th-percentile time of `act` and of `view`.

SQLite is a temp file in WAL mode, as the app keeps it; PostgreSQL is a throw-away server (tests/rooms/pg.py)
with its durable defaults (fsync on), on this machine.
"""

import argparse
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from quitlok import KVITLACH, QUITLOK  # noqa: E402
from quitlok.rooms import Rooms, StaleView  # noqa: E402
from tests.rooms.pg import TempPostgres, find_binaries  # noqa: E402

PEOPLE = ("Ann", "Dov", "Eve", "Fay", "Gil")


class Table:
    """One room being played, replaced by a new one when its game ends; `tick` counts its changes."""

    def __init__(self, rooms: Rooms, rules) -> None:
        self.rooms, self.rules = rooms, rules
        self.changed = threading.Condition()
        self.tick = 0
        self.games = 0
        self.seats = self._new_game()

    def _new_game(self):
        host = self.rooms.create(self.rules, host=PEOPLE[0], bank=10, purses=400, choose_stake=False)
        seats = [host] + [self.rooms.join(host.code, name) for name in PEOPLE[1:]]
        self.rooms.start(host.code, host.token)
        self.games += 1
        return seats

    def replace_if_over(self, code: str) -> None:
        with self.changed:
            if self.seats[0].code == code:
                self.seats = self._new_game()
            self.tick += 1
            self.changed.notify_all()

    def notify(self) -> None:
        with self.changed:
            self.tick += 1
            self.changed.notify_all()

    def wait(self, tick: int) -> None:
        with self.changed:
            self.changed.wait_for(lambda: self.tick != tick, timeout=0.2)


def play_seat(table: Table, index: int, stop: threading.Event, acts: list, views: list, stale: list) -> None:
    rng = random.Random(index)
    while not stop.is_set():
        tick, seat = table.tick, table.seats[index]
        started = time.perf_counter()
        view = table.rooms.view(seat.code, seat.token)
        views.append(time.perf_counter() - started)
        if view.over:
            table.replace_if_over(seat.code)
        elif view.legal:
            started = time.perf_counter()
            try:
                table.rooms.act(seat.code, seat.token, rng.choice(view.legal), version=view.version)
                acts.append(time.perf_counter() - started)
            except StaleView:
                stale.append(1)
            table.notify()
        else:
            table.wait(tick)


def poll(tables: list[Table], stop: threading.Event, views: list, seed: int) -> None:
    """A browser that looks at a seat once a second."""
    rng = random.Random(seed)
    time.sleep(rng.random())
    while not stop.is_set():
        seat = rng.choice(rng.choice(tables).seats)
        started = time.perf_counter()
        table_view = tables[0].rooms.view(seat.code, seat.token)
        views.append(time.perf_counter() - started)
        assert table_view.version >= 1
        stop.wait(1.0)


def p(values: list[float], q: float) -> float:
    """The q-th percentile, in milliseconds."""
    return statistics.quantiles(values, n=100)[q - 1] * 1000 if len(values) > 1 else float("nan")


def run(url: str, label: str, args) -> None:
    rooms = Rooms(url)
    tables = [Table(rooms, QUITLOK if i % 2 == 0 else KVITLACH) for i in range(args.rooms)]
    stop = threading.Event()
    acts, seat_views, poll_views, stale = [], [], [], []
    threads = [threading.Thread(target=play_seat, args=(t, i, stop, acts, seat_views, stale))
               for t in tables for i in range(len(PEOPLE))]
    threads += [threading.Thread(target=poll, args=(tables, stop, poll_views, k)) for k in range(args.pollers)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    time.sleep(args.seconds)
    stop.set()
    for table in tables:
        table.notify()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    rooms.close()
    print(f"{label}: {args.rooms} rooms x {len(PEOPLE)} people, {args.pollers} pollers, {elapsed:.1f} s")
    print(f"  {len(acts) / elapsed:7.1f} actions/s   act p50 {p(acts, 50):6.1f} ms  p95 {p(acts, 95):6.1f} ms"
          f"   ({len(acts)} actions, {len(stale)} stale, {sum(t.games for t in tables)} games)")
    print(f"  view p50 {p(seat_views, 50):6.1f} ms  p95 {p(seat_views, 95):6.1f} ms ({len(seat_views)} by the seats)"
          f";  pollers' view p95 {p(poll_views, 95):6.1f} ms ({len(poll_views)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--rooms", type=int, default=10)
    parser.add_argument("--pollers", type=int, default=30)
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    args = parser.parse_args()
    if args.backend in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as folder:
            run(f"sqlite:///{folder}/rooms.sqlite3", "SQLite (WAL)", args)
    if args.backend in ("postgresql", "both"):
        if find_binaries() is None:
            print("PostgreSQL: skipped, its initdb/pg_ctl were not found")
            return
        server = TempPostgres(fast=False).start()
        try:
            run(server.url, "PostgreSQL 15 (local, fsync on)", args)
        finally:
            server.stop()


if __name__ == "__main__":
    main()
