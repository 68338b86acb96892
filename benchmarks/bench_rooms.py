"""How fast rooms take actions: 10 rooms of 5 people playing as fast as they can, on SQLite and PostgreSQL.

Run: python benchmarks/bench_rooms.py [--seconds 10] [--rooms 10] [--pollers 30] [--pace 0] [--backend both]
     python benchmarks/bench_rooms.py --watch MINUTES [--chips 1000] [--app FOLDER]
     python benchmarks/bench_rooms.py --long [--milestones 100,2000,20000] [--backend both]
     python benchmarks/bench_rooms.py --push [--rooms 5] [--servers 1|2] [--backend sqlite|postgresql]
                                     [--moves 12] [--idle 60] [--clients browser|websocket] [--app FOLDER]

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

`--long` (issue 25) measures what one move writes as a game grows long: a room of one person (Ann) and three
computer players, 100,000 chips each (the game goes on for tens of thousands of moves), Ann always making a
modest move (no bet above 2). Each of Ann's moves is one `Rooms.act`, in which the computers play on; after the
game has passed each milestone of moves (`State.moves`: decisions applied), 30 of Ann's acts are measured: the
bytes the write left in the database (the room's game and the rows of the log it appended) and the act's time,
median and 95th percentile. Beside them, what the same game would have been with its whole log inside it (what
a write was before the log became rows). Goal: flat.

`--push` (issue 23) measures how fast a move reaches the other phones of its room, in real browser pages: a
real server (`streamlit run tutorial_app.py` from --app, by default this checkout) or two sharing one PostgreSQL
(`--servers 2`: a throw-away server, tests/rooms/pg.py; each room's phones alternate between the two app
servers, so a move also travels by NOTIFY), --rooms rooms (5) of five people, each person a page of one
headless Chromium in a context of its own (a phone), all rooms playing at once: in each room the phone whose
turn it is presses a move (the same sensible choice as the browser tests) as soon as its button is there,
after a pause of 0.3 to 1 s, --moves times. Each page notes when its WebSocket sends and receives and (a
MutationObserver) when its log changes. A move's latency on another phone runs from the moment the move left
the mover's page (its WebSocket's send) to the first change of that phone's log after it ("shown"), and to the
last frame that phone received before that change ("received": what the server and network took, without the
browser's drawing); one clock, one machine. Then every page stays open and idle for --idle seconds: the bytes
each page's WebSocket received (counted in the page), and the servers' CPU time. Printed: median and 90th
percentile over every move and other phone, and the idle figures. With `--clients websocket` each phone is a
real Streamlit WebSocket client instead (the browser's protocol, in Python, drawing nothing: a busy machine's
Chromium drawing 25 pages does not weigh on the figure), which presses the move's button as the browser would;
a move's latency on another phone runs from the mover's message to the end of the other phone's next run that
draws the room's log (the whole page, or the page's part for the room, its last message); the moves start once
every phone has drawn its room (a phone that has not within FIRST_DRAWN seconds is counted and said); no idle
figures (such a client has no fragment timer).
"""

import argparse
import asyncio
import contextlib
import json
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
    """The room's version and the size of its stored game, in bytes: its state, and its log's rows where the
    checkout served keeps them (issue 25)."""
    import sqlalchemy as sa

    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    with engine.connect() as conn:
        row = conn.execute(sa.text("SELECT version, state FROM quitlok_rooms WHERE code = :c"), {"c": code}).one()
        logged = 0
        if sa.inspect(conn).has_table("quitlok_room_events"):
            logged = conn.execute(sa.text("SELECT COALESCE(SUM(LENGTH(event) + COALESCE(LENGTH(hidden), 0)), 0) "
                                          "FROM quitlok_room_events WHERE code = :c"), {"c": code}).scalar()
    engine.dispose()
    return row.version, len(row.state.encode()) + int(logged)


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


#: in every page: note when the room's log changes (its section or anything in it), and count the bytes the
#: page's WebSocket receives
PUSH_PAGE_JS = """
window.quitlokLog = [];
window.quitlokBytes = 0;
const logChanged = (node) => node && node.nodeType === 1
    && (node.closest('#together-log') || node.querySelector?.('#together-log'));
new MutationObserver((changes) => {
    if (changes.some(c => logChanged(c.target.nodeType === 1 ? c.target : c.target.parentElement)
                          || [...c.addedNodes].some(logChanged))) window.quitlokLog.push(Date.now());
}).observe(document, { subtree: true, childList: true, characterData: true });
window.quitlokSent = [];
window.quitlokFrames = [];
const NativeWebSocket = window.WebSocket;
window.WebSocket = function (...args) {
    const socket = new NativeWebSocket(...args);
    socket.addEventListener('message', (event) => {
        const data = event.data;
        window.quitlokBytes += typeof data === 'string' ? data.length : (data.byteLength ?? data.size ?? 0);
        window.quitlokFrames.push(Date.now());
        if (window.quitlokFrames.length > 500) window.quitlokFrames.splice(0, 250);
    });
    const send = socket.send.bind(socket);
    socket.send = (data) => { window.quitlokSent.push(Date.now()); send(data); };
    return socket;
};
window.WebSocket.prototype = NativeWebSocket.prototype;
Object.assign(window.WebSocket, NativeWebSocket);
"""


async def push_room(rooms: Rooms, seats, pages, moves: int, latencies: list, misses: list, seed: int) -> None:
    """Play `moves` moves in one room, each pressed on the phone whose turn it is; note each other phone's delay."""
    sys.path.insert(0, str(ROOT))
    from quitlok.game import action_label
    from tests.e2e.test_together_browser import choose

    rng = random.Random(seed)
    code = seats[0].code
    for _ in range(moves):
        view = rooms.view(code, seats[0].token)
        if view.over:
            return
        mine = rooms.view(code, seats[view.to_act].token)
        labels = [action_label(mine.state, action) for action in mine.legal]
        wanted = choose(labels, bet_made=mine.stakes[mine.seat] > 0)
        mover = pages[view.to_act]
        button = mover.get_by_role("button", name=wanted, exact=True)
        await button.wait_for(timeout=60_000)
        await asyncio.sleep(rng.uniform(0.3, 1.0))
        others = [page for seat, page in enumerate(pages) if seat != view.to_act]
        pressed = await mover.evaluate("Date.now()")
        await button.click()
        end = time.monotonic() + 30
        sent = None
        while sent is None and time.monotonic() < end:  # the moment the move left the phone
            sent = await mover.evaluate(f"window.quitlokSent.find(t => t >= {pressed}) ?? null")
            await asyncio.sleep(0.02)
        waiting = dict.fromkeys(range(len(others)))
        while sent is not None and waiting and time.monotonic() < end:
            for k in list(waiting):
                shown = await others[k].evaluate(f"window.quitlokLog.find(t => t >= {sent}) ?? null")
                if shown is not None:
                    received = await others[k].evaluate(
                        f"window.quitlokFrames.filter(t => t >= {sent} && t <= {shown}).pop() ?? {shown}")
                    latencies.append((received - sent, shown - sent))
                    del waiting[k]
            await asyncio.sleep(0.05)
        misses.extend(waiting)
        while rooms.version(code) == view.version and time.monotonic() < end:
            await asyncio.sleep(0.05)


async def push_once(args, urls: list[str], database: str) -> None:
    from playwright.async_api import async_playwright

    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_memory import CHROMIUM, FLAGS, IDLE

    rooms = Rooms(database)
    tables = []
    for _ in range(args.rooms):
        host = rooms.create(QUITLOK, host=PEOPLE[0], bank=10, purses=400, choose_stake=False)
        seats = [host] + [rooms.join(host.code, name) for name in PEOPLE[1:]]
        rooms.start(host.code, host.token, seed=len(tables) + 1)
        tables.append(seats)
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        pages = []
        for seats in tables:
            room_pages = []
            for k, seat in enumerate(seats):
                context = await browser.new_context(viewport={"width": 390, "height": 740}, is_mobile=True,
                                                    has_touch=True)
                await context.add_init_script(PUSH_PAGE_JS)
                page = await context.new_page()
                # the phone holds its seat's key as the phone that sat down does (its storage, SPEC section 5)
                await context.add_init_script(
                    f"localStorage.setItem('quitlok.seats', JSON.stringify({{'room:{seat.code}': ['{seat.token}']}}))")
                await page.goto(f"{urls[k % len(urls)]}/together?room={seat.code}")
                room_pages.append(page)
            pages.append(room_pages)
        for page in (page for room_pages in pages for page in room_pages):
            await page.wait_for_selector("#together-log", timeout=120_000)
            await page.wait_for_selector(IDLE, timeout=120_000)
        latencies, misses = [], []
        await asyncio.gather(*(push_room(rooms, seats, room_pages, args.moves, latencies, misses, k)
                               for k, (seats, room_pages) in enumerate(zip(tables, pages, strict=True))))
        everyone = [page for room_pages in pages for page in room_pages]
        await asyncio.sleep(3)
        before = [await page.evaluate("window.quitlokBytes") for page in everyone]
        cpu, started = sum(cpu_seconds(pid) for pid in args.server_pids), time.perf_counter()
        await asyncio.sleep(args.idle)
        cpu, wall = sum(cpu_seconds(pid) for pid in args.server_pids) - cpu, time.perf_counter() - started
        after = [await page.evaluate("window.quitlokBytes") for page in everyone]
        await browser.close()
    rooms.close()
    idle = [(b - a) / wall for a, b in zip(before, after, strict=True)]
    received, shown = ([latency[k] / 1000 for latency in latencies] for k in (0, 1))
    print(f"  move to the other phones, received: median {p(received, 50):6.0f} ms  p90 {p(received, 90):6.0f} ms;"
          f"  shown: median {p(shown, 50):6.0f} ms  p90 {p(shown, 90):6.0f} ms  (max {max(shown) * 1000:.0f} ms; "
          f"{len(latencies)} phone-moves; {len(misses)} not shown within 30 s)")
    print(f"  idle, {len(everyone)} phones for {wall:.0f} s: {statistics.mean(idle):.1f} B/s per phone "
          f"(max {max(idle):.1f}); server CPU {100 * cpu / wall:.2f}% of a core for all of them")


#: --clients websocket: how long every phone may take to draw its room first, in seconds
FIRST_DRAWN = 120.0


class Phone:
    """A real Streamlit WebSocket client (the protocol the browser speaks, without drawing anything): it opens the
    Play together page of a room as an onlooker (a seat's key lives in a browser's storage, which this client
    has not), notes the buttons each run draws and when each run that drew the room's log finished (the whole page,
    or only its part for the room: a fragment)."""

    def __init__(self, url: str, code: str) -> None:
        self.url, self.query = url.replace("http", "ws", 1) + "/_stcore/stream", f"room={code}"
        self.buttons: dict[str, str] = {}
        self.page_hash = ""
        self.drawn: list[float] = []  # when each run that drew the room's log finished (time.perf_counter)
        self.socket = None

    async def open(self) -> None:
        import websockets

        self.socket = await websockets.connect(self.url, subprotocols=["streamlit"], max_size=None)
        self.reader = asyncio.create_task(self.read())
        await self.rerun()

    async def rerun(self, trigger: str | None = None) -> float:
        """Ask for a run (pressing the button `trigger`); the moment the message left."""
        from streamlit.proto.BackMsg_pb2 import BackMsg

        message = BackMsg()
        message.rerun_script.query_string = self.query
        message.rerun_script.page_name = "together"
        message.rerun_script.page_script_hash = self.page_hash
        if trigger:
            widget = message.rerun_script.widget_states.widgets.add()
            widget.id, widget.trigger_value = trigger, True
        sent = time.perf_counter()
        await self.socket.send(message.SerializeToString())
        return sent

    async def read(self) -> None:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        drew_log = False  # the run under way drew the room's log (a whole page, or the page's part for the room)
        async for data in self.socket:
            message = ForwardMsg()
            message.ParseFromString(data)
            kind = message.WhichOneof("type")
            if kind == "new_session":
                self.page_hash = message.new_session.page_script_hash or self.page_hash
            elif kind == "delta" and message.delta.WhichOneof("type") == "new_element":
                element = message.delta.new_element
                if element.WhichOneof("type") == "button":
                    self.buttons[element.button.label] = element.button.id
                elif element.WhichOneof("type") == "html" and 'class="ql-log"' in element.html.body:
                    drew_log = True
            elif kind == "script_finished":
                if drew_log and message.script_finished in (ForwardMsg.FINISHED_SUCCESSFULLY,
                                                            ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY):
                    self.drawn.append(time.perf_counter())
                drew_log = False

    async def close(self) -> None:
        await self.socket.close()


async def push_clients(args, urls: list[str], database: str) -> None:
    """--clients websocket: the latency of a move to the other phones, each phone a WebSocket client."""
    sys.path.insert(0, str(ROOT))
    from quitlok.game import action_label
    from tests.e2e.test_together_browser import choose

    rooms = Rooms(database)
    tables, phones = [], []
    for k in range(args.rooms):
        host = rooms.create(QUITLOK, host=PEOPLE[0], bank=10, purses=400, choose_stake=False)
        seats = [host] + [rooms.join(host.code, name) for name in PEOPLE[1:]]
        rooms.start(host.code, host.token, seed=k + 1)
        tables.append(seats)
        phones.append([Phone(urls[n % len(urls)], seat.code) for n, seat in enumerate(seats)])
    everyone = [phone for room in phones for phone in room]
    for phone in everyone:
        await phone.open()
    # the first move only once every phone has drawn the room (a fresh server's first pages take seconds on a busy
    # machine: a fixed wait counted their loading as the first moves' latency), and a phone that never drew it (its
    # page failed: issue 23, the stores making their tables at once on PostgreSQL) is said, not silently missed
    end = time.monotonic() + FIRST_DRAWN
    while not all(phone.drawn for phone in everyone) and time.monotonic() < end:
        await asyncio.sleep(0.1)
    blank = sum(not phone.drawn for phone in everyone)
    if blank:
        print(f"  {blank} of {len(everyone)} phones had not drawn their room {FIRST_DRAWN:.0f} s after opening it")
    await asyncio.sleep(1)
    latencies, misses = [], []

    async def play(seats, room_phones, seed) -> None:
        rng = random.Random(seed)
        code = seats[0].code
        for _ in range(args.moves):
            view = rooms.view(code, seats[0].token)
            if view.over:
                return
            mine = rooms.view(code, seats[view.to_act].token)
            labels = [action_label(mine.state, action) for action in mine.legal]
            wanted = choose(labels, bet_made=mine.stakes[mine.seat] > 0)
            action = next(a for a in mine.legal if action_label(mine.state, a) == wanted)
            await asyncio.sleep(rng.uniform(0.3, 1.0))
            others = [phone for seat, phone in enumerate(room_phones) if seat != view.to_act]
            sent = time.perf_counter()  # the mover's move, made as his page would make it
            await asyncio.to_thread(rooms.act, code, seats[view.to_act].token, action, version=mine.version)
            end = time.monotonic() + 30
            waiting = set(range(len(others)))
            while waiting and time.monotonic() < end:
                for k in list(waiting):
                    drawn = [t for t in others[k].drawn if t >= sent]
                    if drawn:
                        latencies.append(drawn[0] - sent)
                        waiting.discard(k)
                await asyncio.sleep(0.005)
            misses.extend(waiting)
            while rooms.version(code) == view.version and time.monotonic() < end:
                await asyncio.sleep(0.02)

    await asyncio.gather(*(play(seats, room_phones, k)
                           for k, (seats, room_phones) in enumerate(zip(tables, phones, strict=True))))
    for phone in (phone for room in phones for phone in room):
        await phone.close()
    rooms.close()
    print(f"  move to the other phones, the room drawn again: median {p(latencies, 50):6.0f} ms  "
          f"p90 {p(latencies, 90):6.0f} ms  (max {max(latencies) * 1000:.0f} ms; {len(latencies)} phone-moves; "
          f"{len(misses)} not received within 30 s)")


def push(args) -> None:
    """The --push measurement on one server (SQLite, or PostgreSQL with --backend postgresql) or two (PostgreSQL)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_clicks import serve

    postgres = None
    with tempfile.TemporaryDirectory(prefix="quitlok-push-") as folder, contextlib.ExitStack() as stack:
        if args.servers > 1 or args.backend == "postgresql":
            postgres = TempPostgres(fast=False).start()
            stack.callback(postgres.stop)
            database, label = postgres.url, f"{args.servers} app server(s) sharing PostgreSQL"
        else:
            database, label = f"sqlite:///{folder}/rooms.sqlite3", "1 app server, SQLite"
        env = {**os.environ, "QUITLOK_DATABASE_URL": database}
        served = [stack.enter_context(serve("tutorial_app.py", env, args.app)) for _ in range(args.servers)]
        args.server_pids = [server.pid for _, server in served]
        print(f"{label}: {args.rooms} rooms x {len(PEOPLE)} phones, {args.moves} moves a room, all rooms at once "
              f"(served from {args.app})")
        measure = push_clients if args.clients == "websocket" else push_once
        asyncio.run(measure(args, [url for url, _ in served], database))


LONG_PEOPLE = ("Ann",)
LONG_COMPUTERS = ("cautious", "bold", "cautious")


def long_written(rooms: Rooms, code: str) -> int:
    """The bytes the room's last write left: its game's text and the rows of its log that write appended."""
    import sqlalchemy as sa

    from quitlok.rooms.database import EVENTS, ROOMS
    with rooms._engine.connect() as conn:
        room = conn.execute(sa.select(ROOMS.c.state, ROOMS.c.version).where(ROOMS.c.code == code)).one()
        logged = conn.execute(sa.select(sa.func.coalesce(sa.func.sum(
            sa.func.length(EVENTS.c.event) + sa.func.coalesce(sa.func.length(EVENTS.c.hidden), 0)), 0))
            .where(EVENTS.c.code == code, EVENTS.c.at == room.version)).scalar()
        return len(room.state.encode()) + int(logged)


def long_whole(rooms: Rooms, code: str) -> int:
    """The bytes the game would take with its whole log inside it (as every write kept it before issue 25)."""
    from dataclasses import replace

    import sqlalchemy as sa

    from quitlok.events import event_from_dict
    from quitlok.rooms.database import EVENTS, ROOMS
    from quitlok.state_json import state_from_json, state_to_json
    with rooms._engine.connect() as conn:
        text = conn.execute(sa.select(ROOMS.c.state).where(ROOMS.c.code == code)).scalar()
        events = tuple(event_from_dict(json.loads(t)) for t in conn.execute(
            sa.select(EVENTS.c.event).where(EVENTS.c.code == code).order_by(EVENTS.c.at, EVENTS.c.number)).scalars())
    return len(state_to_json(replace(state_from_json(text), events=events)).encode())


def long_game(url: str, label: str, milestones: list[int], sample: int = 30) -> None:
    """One long game (see the module's docstring, --long): Ann's acts measured after each milestone of moves."""
    from quitlok.game import Bet, StakeBank
    from quitlok.rooms.store import _state

    rooms = Rooms(url)
    host = rooms.create(QUITLOK, host=LONG_PEOPLE[0], bank=10, purses=100_000, choose_stake=False)
    for style in LONG_COMPUTERS:
        rooms.add_computer(host.code, host.token, style)
    rooms.start(host.code, host.token, seed=25)
    rng = random.Random(25)
    print(f"{label}: one person and {len(LONG_COMPUTERS)} computer players, 100,000 chips each")
    print("| moves | bytes a write: median (p95) | act: median (p95) | the game with its whole log (before) |")
    print("|---|---|---|---|")
    started = time.perf_counter()
    for milestone in milestones:
        sizes, times = [], []
        while len(times) < sample:
            view = rooms.view(host.code, host.token)
            if view.over:
                print(f"the game ended after {_state(rooms._read(host.code)[0].state).moves} moves")
                return
            if not view.legal:  # the computers play on (one bounded step a view)
                continue
            moves = _state(rooms._read(host.code)[0].state).moves
            staking = [a for a in view.legal if isinstance(a, Bet | StakeBank)]
            action = rng.choice([a for a in view.legal if a not in staking] + staking[:2])
            t0 = time.perf_counter()
            rooms.act(host.code, host.token, action, version=view.version)
            took = time.perf_counter() - t0
            if moves >= milestone:
                times.append(took)
                sizes.append(long_written(rooms, host.code))
        whole = long_whole(rooms, host.code)
        q = statistics.quantiles
        print(f"| {milestone:,} | {statistics.median(sizes):,.0f} B ({q(sizes, n=20)[-1]:,.0f} B) | "
              f"{statistics.median(times) * 1000:.1f} ms ({q(times, n=20)[-1] * 1000:.1f} ms) | {whole:,} B |",
              flush=True)
    print(f"({time.perf_counter() - started:.0f} s in all)")
    rooms.close()


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
    parser.add_argument("--push", action="store_true", help="a move's way to the other phones, in browsers")
    parser.add_argument("--servers", type=int, default=1, help="--push: app servers (2 share a PostgreSQL)")
    parser.add_argument("--moves", type=int, default=12, help="--push: moves in each room")
    parser.add_argument("--idle", type=float, default=60, help="--push: seconds the phones stay idle, measured")
    parser.add_argument("--clients", choices=("browser", "websocket"), default="browser",
                        help="--push: phones as browser pages, or as Streamlit WebSocket clients (latency only)")
    parser.add_argument("--long", action="store_true", help="bytes a write and act time as one game grows long")
    parser.add_argument("--milestones", default="100,2000,20000", help="--long: the moves after which to measure")
    args = parser.parse_args()
    if args.long:
        milestones = [int(m) for m in args.milestones.split(",")]
        if args.backend in ("sqlite", "both"):
            with tempfile.TemporaryDirectory() as folder:
                long_game(f"sqlite:///{folder}/rooms.sqlite3", "SQLite (WAL)", milestones)
        if args.backend in ("postgresql", "both") and find_binaries() is not None:
            server = TempPostgres(fast=False).start()
            try:
                long_game(server.url, "PostgreSQL (local, fsync on)", milestones)
            finally:
                server.stop()
        return
    if args.push:
        if args.backend == "both":
            args.backend = "sqlite"
        push(args)
        return
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
