"""How fast rooms take actions: 10 rooms of 5 people playing as fast as they can, on SQLite and PostgreSQL.

Run: python benchmarks/bench_rooms.py [--seconds 10] [--rooms 10] [--pollers 30] [--pace 0] [--backend both]

Each room has a thread that plays its five people as fast as it can (or, with --pace N, about N actions a
second, as people at a table would): it looks at the room as the person
whose turn it is (`Rooms.view` with that seat's token) and takes a random legal action through
`Rooms.act` with the view's version, as that person's page would. `--pollers` more threads are browsers:
each looks at a random seat once a second, as the "Play together" page does. Finished games are replaced
by new ones. Prints actions per second and the median and 95th-percentile time of `act` and of `view`.

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
    """One room being played; a new one replaces it when its game ends."""

    def __init__(self, rooms: Rooms, rules) -> None:
        self.rooms, self.rules = rooms, rules
        self.games = 0
        self.seats = self._new_game()

    def _new_game(self):
        host = self.rooms.create(self.rules, host=PEOPLE[0], bank=10, purses=400, choose_stake=False)
        seats = [host] + [self.rooms.join(host.code, name) for name in PEOPLE[1:]]
        self.rooms.start(host.code, host.token)
        self.games += 1
        return seats


def play(table: Table, stop: threading.Event, acts: list, views: list, stale: list, seed: int,
         pace: float) -> None:
    """Play the room's people in turn, each through its own view: as fast as the store allows, or about
    `pace` actions a second."""
    rng = random.Random(seed)
    turn = 0
    while not stop.is_set():
        seat = table.seats[turn]
        started = time.perf_counter()
        view = table.rooms.view(seat.code, seat.token)
        views.append(time.perf_counter() - started)
        if view.over:
            table.seats, turn = table._new_game(), 0
        elif view.legal:
            started = time.perf_counter()
            try:
                table.rooms.act(seat.code, seat.token, rng.choice(view.legal), version=view.version)
                acts.append(time.perf_counter() - started)
            except StaleView:
                stale.append(1)
            if pace:
                stop.wait(rng.uniform(0.5, 1.5) / pace)
        else:
            turn = view.to_act


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
    threads = [threading.Thread(target=play, args=(t, stop, acts, seat_views, stale, k, args.pace))
               for k, t in enumerate(tables)]
    threads += [threading.Thread(target=poll, args=(tables, stop, poll_views, k)) for k in range(args.pollers)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    time.sleep(args.seconds)
    stop.set()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    rooms.close()
    pace = f"about {args.pace:g} actions/s per room" if args.pace else "as fast as they can"
    print(f"{label}: {args.rooms} rooms x {len(PEOPLE)} people {pace}, {args.pollers} browsers polling, "
          f"{elapsed:.1f} s")
    print(f"  {len(acts) / elapsed:7.1f} actions/s   act p50 {p(acts, 50):6.1f} ms  p95 {p(acts, 95):6.1f} ms"
          f"   ({len(acts)} actions, {len(stale)} stale, {sum(t.games for t in tables)} games)")
    print(f"  view p50 {p(seat_views, 50):6.1f} ms  p95 {p(seat_views, 95):6.1f} ms ({len(seat_views)} by the players)"
          f";  browsers' view p50 {p(poll_views, 50):6.1f} ms  p95 {p(poll_views, 95):6.1f} ms ({len(poll_views)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--rooms", type=int, default=10)
    parser.add_argument("--pollers", type=int, default=30)
    parser.add_argument("--pace", type=float, default=0, help="actions a second per room (0: as fast as it can)")
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
