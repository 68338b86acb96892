"""Does a long-running server stay small? Prints memory as it goes, and the slope after warm-up.

(a) sessions: a real server (`streamlit run tutorial_app.py`, its rooms in a temporary SQLite file) and one
    visitor after another in headless Chromium, each in a browser context of its own: open the practice table,
    start a game, make 20 moves (the first of Next move, Stay, Stand, Keep the bank... that the table offers, a
    stake of the least bank, Play again when a game ends), close the tab. The server's resident memory (RSS,
    from /proc) is read after every session and printed every 20; goal: flat after warm-up (less than 0.1 MB per
    session, least squares over the sessions after --warmup) and under 400 MB. A session fails when the page
    shows an exception or a click is not answered within 30 s; the first failures are printed.
    Streamlit keeps a closed tab's session for server.disconnectedSessionTTL (120 s) in case it reconnects,
    so the last couple of minutes' sessions are always in memory: a constant, not a growth.
(b) odds: random advisor questions (`quitlok.odds.advise`) over 32 house-rule variants in this process,
    memory printed every 1,000 questions; goal: under 400 MB whatever is asked (the solvers' memos share
    one budget, `quitlok.odds.MEMO_BUDGET`).

Run: python benchmarks/bench_memory.py [sessions] [questions] [--warmup 40] [--app FOLDER]
     (defaults 200 sessions and 20,000 questions; 0 skips a part; --app serves another checkout of the app,
     from `git archive <commit> | tar -x -C FOLDER`, say)
"""

import argparse
import contextlib
import itertools
import os
import random
import resource
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_clicks  # noqa: E402  (its serve() starts every benchmark's server)

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("QUITLOK_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update"]
IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
EXCEPTION = "[data-testid='stException']"
#: the practice table's buttons that move play on, by widget key (pages/play.py, quitlok/ui/table.py), in the
#: order the browser tests prefer them: a new game when one is over, the least stake, then no bet at all
MOVES = ("play.again", "play.do.stakebank", "play.next", "play.do.stay", "play.do.stand", "play.do.keepbank",
         "play.do.keep", "play.do.draw", "play.do.blot")
#: runs in every page before its own scripts: counts the server's "script finished" messages (ForwardMsg field
#: 6, not 2: finished early for a rerun) read from the WebSocket, so that a click waits for the run it started
#: even when that run is too quick to ever show data-test-script-state='running'; notes when the last one came
#: and when the app last became idle, and clicks with the time noted (bench_load.py times them)
WATCH_JS = """
(() => {
  const qm = window.__qm = {finished: 0, finishedAt: -1, idleAt: -1, t0: 0};
""" + bench_clicks.FIELDS_JS + """  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        if (!(event.data instanceof ArrayBuffer)) return;
        const f = fields(event.data);
        if (typeof f[6] === "number" && f[6] !== 2) { qm.finished += 1; qm.finishedAt = performance.now(); }
      });
    }
  };
  let state = null;
  new MutationObserver(() => {
    const app = document.querySelector("[data-testid='stApp']");
    const now = app ? app.getAttribute("data-test-script-state") : null;
    if (now !== state && now === "notRunning") qm.idleAt = performance.now();
    state = now;
  }).observe(document, {subtree: true, attributes: true, childList: true,
                        attributeFilter: ["data-test-script-state"]});
  qm.took = () => Math.max(qm.finishedAt, qm.idleAt) - qm.t0;
  qm.click = (el) => { qm.t0 = performance.now(); const n = qm.finished; el.click(); return n; };
})();
"""
SETTLED = f"n => window.__qm && window.__qm.finished > n && document.querySelector(\"{IDLE}\") !== null"


def css_key(key: str) -> str:
    """The CSS class Streamlit gives the element of widget key `key` (`play.do.stay`: `.st-key-play-do-stay`)."""
    return ".st-key-" + key.replace(".", "-")


def rss_mb(pid: int) -> float:
    """Resident memory of a process, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def slope(points: list[tuple[int, float]], after: int = 0) -> float:
    """MB per step, least squares over the points from step `after` on (the warm-up before it left out)."""
    tail = [(x, y) for x, y in points if x >= after]
    if len(tail) < 2:
        return float("nan")
    mean_x = sum(x for x, _ in tail) / len(tail)
    mean_y = sum(y for _, y in tail) / len(tail)
    return sum((x - mean_x) * (y - mean_y) for x, y in tail) / sum((x - mean_x) ** 2 for x, _ in tail)


@contextlib.contextmanager
def serve(app: Path = ROOT, extra: tuple[str, ...] = ()):
    """`streamlit run tutorial_app.py` from `app` on a free port, its rooms in a temporary SQLite file; yields
    (its URL, the server process) once /_stcore/health says ok."""
    with tempfile.TemporaryDirectory(prefix="quitlok-memory-") as folder:
        env = {**os.environ, "QUITLOK_DATABASE_URL": f"sqlite:///{folder}/rooms.sqlite3"}
        with bench_clicks.serve("tutorial_app.py", env, app, extra) as served:
            yield served


class Failure(Exception):
    """What went wrong in a session, in a line."""


def settle(page, finished: int) -> None:
    """Wait until the server has finished a run after `finished` runs and the app is idle; fail on an exception
    shown."""
    page.wait_for_function(SETTLED, arg=finished, polling=50, timeout=30_000)
    if page.locator(EXCEPTION).count():
        raise Failure("exception shown: " + page.locator(EXCEPTION).first.inner_text()[:300].replace("\n", " "))


def click(page, selector: str) -> None:
    """Click the button in `selector` as a script would (no mouse over it) and wait for the run it starts."""
    finished = page.evaluate("window.__qm.finished")
    page.locator(f"{selector} button").first.evaluate("el => el.click()")
    settle(page, finished)


def play(page, url: str, moves: int) -> None:
    """One visitor: the practice table, a new game, `moves` moves."""
    page.goto(f"{url}/play")
    settle(page, 0)
    page.wait_for_timeout(500)  # a first visit may run the page twice (progress loaded from the browser)
    settle(page, page.evaluate("window.__qm.finished") - 1)
    click(page, css_key("play.start"))
    try:
        page.wait_for_selector("#play-log", timeout=30_000)
    except Exception as problem:  # noqa: BLE001 - Playwright's TimeoutError
        raise Failure("no game on the table within 30 s of Start a new game") from problem
    for _ in range(moves):
        key = next((key for key in MOVES if page.locator(f"{css_key(key)} button").count()), None)
        if key is None:
            raise Failure("the table offers none of the moves the benchmark knows")
        click(page, css_key(key))


def sessions(count: int, warmup: int, app: Path, moves: int = 20) -> None:
    from playwright.sync_api import Error, sync_playwright

    with serve(app) as (url, server), sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        started = rss_mb(server.pid)
        print(f"sessions    0: server {started:6.1f} MB  (started, no visitor yet)", flush=True)
        points, failures = [], []
        clock = time.perf_counter()
        for n in range(1, count + 1):
            context = browser.new_context(viewport={"width": 1400, "height": 900})
            context.add_init_script(WATCH_JS)
            try:
                play(context.new_page(), url, moves)
            except (Failure, Error) as problem:
                failures.append(f"session {n}: {str(problem).splitlines()[0][:300]}")
                if len(failures) <= 5:
                    print(f"  failed: {failures[-1]}", flush=True)
            finally:
                context.close()
            points.append((n, rss_mb(server.pid)))
            if n % 20 == 0 or n == count:
                print(f"sessions {n:4}: server {points[-1][1]:6.1f} MB  ({time.perf_counter() - clock:5.0f} s, "
                      f"{len(failures)} failed)", flush=True)
        browser.close()
    at_warmup = next((y for x, y in points if x >= warmup), float("nan"))
    print(f"sessions: server {started:.0f} MB started, {at_warmup:.0f} MB after {warmup} sessions (warm-up), "
          f"{points[-1][1]:.0f} MB after {count}; slope {slope(points, warmup):+.3f} MB per session after "
          f"warm-up; peak {max(y for _, y in points):.0f} MB; {len(failures)} of {count} sessions failed")


def variants() -> list:
    """32 house-rule variants, both traditions."""
    from quitlok.rules import KVITLACH, QUITLOK

    found = []
    for base, copies, twelve, framed, aluvun in itertools.product((QUITLOK, KVITLACH), (2, 4), ((12, 9), (12, 10, 9)),
                                                                  (True, False), (True, False)):
        found.append(replace(base, copies=copies, twelve_values=twelve, framed_pair_21=framed, aluvun=aluvun,
                             elvaroon_raise=base.elvaroon_raise and aluvun))
    return found


def questions(count: int) -> None:
    from quitlok.errors import QuitlokError
    from quitlok.odds import advise

    rng = random.Random(7)
    rules = variants()
    points = []
    start = time.perf_counter()
    for n in range(1, count + 1):
        chosen = rng.choice(rules)
        hand = [rng.randint(1, 12) for _ in range(rng.randint(1, 3))]
        seen = [rng.randint(1, 12) for _ in range(rng.randint(0, 14))]
        with contextlib.suppress(QuitlokError):
            advise(hand, seen, chosen, stake=rng.randint(0, 4), room=rng.randint(0, 4),
                   stands_on=rng.choice(chosen.banker_models))
        if n % 1000 == 0:
            points.append((n, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024))
            print(f"questions {n:6,}: peak {points[-1][1]:6.1f} MB  ({time.perf_counter() - start:5.0f} s)",
                  flush=True)
    print(f"questions: {1000 * slope(points, count // 5):+.2f} MB per 1,000 questions after warm-up; peak "
          f"{max(y for _, y in points):.0f} MB")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("sessions", type=int, nargs="?", default=200, help="visitors one after another (0: none)")
    parser.add_argument("questions", type=int, nargs="?", default=20_000, help="advisor questions (0: none)")
    parser.add_argument("--warmup", type=int, default=40, help="sessions left out of the slope")
    parser.add_argument("--app", type=Path, default=ROOT, help="the checkout of the app to serve (this one)")
    args = parser.parse_args()
    if args.questions:
        questions(args.questions)
    if args.sessions:
        sessions(args.sessions, args.warmup, args.app.resolve())
