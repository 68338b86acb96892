"""How fast rooms take actions: 10 rooms of 5 people playing as fast as they can, on SQLite and PostgreSQL.

Run: python benchmarks/bench_rooms.py [--seconds 10] [--rooms 10] [--pollers 30] [--pace 0] [--backend both]
     python benchmarks/bench_rooms.py --watch MINUTES [--chips 1000] [--app FOLDER]

Each room has a thread that plays its five people as fast as it can (or, with --pace N, about N actions a
second, as people at a table would): it looks at the room as the person
whose turn it is (`Rooms.view` with that seat's token) and takes a random legal action through
`Rooms.act` with the view's version, as that person's page would. `--pollers` more threads are browsers:
each looks at a random seat once a second, as the "Play together" page does. Finished games are replaced
by new ones. Prints actions per second and the median and 95th-percentile time of `act` and of `view`.

SQLite is a temp file in WAL mode, as the app keeps it; PostgreSQL is a throw-away server (tests/rooms/pg.py)
with its durable defaults (fsync on), on this machine.

`--watch MINUTES` (issue 22) measures instead a room in which the only person is out of chips while computer
players still have some, left open in a browser: a real server (`streamlit run tutorial_app.py` from --app,
by default this checkout, its rooms in a temporary SQLite file) and one headless Chromium. The room is set up
through the store of the checkout served (Ann and three computers, --chips each; Ann bets all she may until she
has nothing left), then the Play together page is opened on Ann's seat and left alone for MINUTES. Printed:
the server's CPU time over the window (as a share of one core), the bytes the server sent to the page over its
WebSocket (Playwright's frames), the room's versions and the size of the stored game at both ends. Served from
a checkout before the change, the same run shows what a computers-only stretch cost.
"""

import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

if "--app" in sys.argv:  # the store of the checkout served, to set its room up as that checkout plays it
    sys.path.insert(0, str(Path(sys.argv[sys.argv.index("--app") + 1]).resolve()))

from quitlok import KVITLACH, QUITLOK  # noqa: E402
from quitlok.rooms import Rooms, StaleView  # noqa: E402
from tests.rooms.pg import TempPostgres, find_binaries  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

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


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def stored_game(url: str, code: str) -> tuple[int, int]:
    """The room's version and the size of its stored game, in bytes."""
    import sqlalchemy as sa

    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    with engine.connect() as conn:
        row = conn.execute(sa.text("SELECT version, state FROM quitlok_rooms WHERE code = :c"), {"c": code}).one()
    engine.dispose()
    return row.version, len(row.state.encode())


def out_of_chips(rooms: Rooms, code: str, token: str) -> None:
    """Ann bets all she may at every turn (else the first legal move) until she has no chips left."""
    for _ in range(5000):
        view = rooms.view(code, token)
        if view.over or view.chips[view.seat] == 0:
            return
        if view.legal:
            bets = [a for a in view.legal if type(a).__name__ == "Bet"]
            action = max(bets, key=lambda b: b.n) if bets else view.legal[0]
            rooms.act(code, token, action, version=view.version)
    raise RuntimeError("Ann did not run out of chips")


def watch(args) -> None:
    """A computers-only room left open in a browser for --watch minutes: the server's CPU and the bytes sent."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_clicks import serve
    from bench_memory import CHROMIUM, FLAGS, IDLE

    with tempfile.TemporaryDirectory(prefix="quitlok-watch-") as folder:
        url = f"sqlite:///{folder}/rooms.sqlite3"
        rooms = Rooms(url)
        ann = rooms.create(QUITLOK, host="Ann", bank=min(10, args.chips), purses=args.chips)
        for style in ("cautious", "bold", "cautious"):
            rooms.add_computer(ann.code, ann.token, style)
        rooms.start(ann.code, ann.token, seed=1)
        out_of_chips(rooms, ann.code, ann.token)
        view = rooms.view(ann.code, ann.token)
        print(f"room {ann.code}: Ann out of chips after {view.hands_finished} hands; chips {view.chips}; "
              f"over: {view.over}")
        env = {**os.environ, "QUITLOK_DATABASE_URL": url}
        sent = [0, 0]  # bytes, frames
        with serve("tutorial_app.py", env, args.app) as (address, server), sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            page = browser.new_page(viewport={"width": 1300, "height": 900})

            def count(payload) -> None:
                sent[0] += len(payload)
                sent[1] += 1

            page.on("websocket", lambda ws: ws.on("framereceived", count))
            page.goto(f"{address}/together")  # the seat's key is kept by the browser, never in the address
            page.wait_for_selector(IDLE, timeout=60_000)
            page.evaluate("([e, t]) => localStorage.setItem('quitlok.seats', JSON.stringify({[e]: [t]}))",
                          [f"room:{ann.code}", ann.token])
            page.goto(f"{address}/together?room={ann.code}")
            try:
                page.wait_for_selector(IDLE, timeout=60_000)
            except PlaywrightTimeout:  # a page that keeps drawing itself again (computers playing on)
                print("the page did not stop running within a minute of opening")
            page.wait_for_timeout(2000)
            first = tuple(sent)
            before = stored_game(url, ann.code)
            cpu, started = cpu_seconds(server.pid), time.perf_counter()
            sent[:] = [0, 0]
            time.sleep(args.watch * 60)
            cpu, wall = cpu_seconds(server.pid) - cpu, time.perf_counter() - started
            after = stored_game(url, ann.code)
            browser.close()
        rooms.close()
    print(f"first load: {first[0] / 1e3:.1f} kB in {first[1]} frames")
    print(f"over {wall / 60:.1f} minutes: server CPU {cpu:.1f} s ({100 * cpu / wall:.2f}% of a core), "
          f"sent {sent[0] / 1e6:.3f} MB in {sent[1]} frames")
    print(f"room version {before[0]} -> {after[0]}, stored game {before[1] / 1e6:.2f} -> {after[1] / 1e6:.2f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--rooms", type=int, default=10)
    parser.add_argument("--pollers", type=int, default=30)
    parser.add_argument("--pace", type=float, default=0, help="actions a second per room (0: as fast as it can)")
    parser.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--watch", type=float, default=0, help="minutes a computers-only room stays open in a browser")
    parser.add_argument("--chips", type=int, default=1000, help="each seat's chips in the --watch room")
    parser.add_argument("--app", type=Path, default=ROOT, help="the checkout served by --watch (this one)")
    args = parser.parse_args()
    if args.watch:
        watch(args)
        return
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
