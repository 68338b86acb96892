"""Can one visitor slow the others? Four "expensive" visitors beside an ordinary one (issue 22, item 5).

Serves the app (`streamlit run tutorial_app.py`, bench_clicks.serve) and opens, in one headless Chromium:

- the ordinary visitor: the Advisor, a 6 then a 5 to his cards, then Clear all (bench_clicks.Advisor); each card
  is timed from the click to the page settled (bench_clicks.Timer: the server's "script finished" for a run
  after the click, then no change for --quiet ms);
- four expensive visitors, who click again without waiting for their own pages to answer, as soon as --every
  seconds (default 1: a person pressing a button as fast as he reads) have passed and the ordinary visitor's
  click has settled: three hold the bank on the Advisor under Kvitlach (48 cards) against 7 open hands of 6
  face-down cards (the issue's lever: 3.2-3.5 s of CPU a rerun before) and press their first card, a 1, then
  "Undo my last card", again and again (every other click asks the heaviest banker question); one opens the
  Lab under house rules (the 48-card pack, a 12 counting 12, 10 or 9: every exact edge worked out for them,
  0.3-1.3 s each) and presses Run, again and again, each time with another seed.

The ordinary visitor is timed alone first (--rounds cards), then beside the four (as many); prints the median and
95th percentile of each and their ratio (goal: within 1.5x). What it models: a server whose visitors' browsers run
on their own devices. Here every browser runs on this machine, beside the server, so the four expensive visitors
have a Chromium of their own at the lowest OS priority (SCHED_IDLE, `chrt --idle`, which all its processes inherit;
a nice value alone does not hold, as Chromium sets its processes' own): drawing their heavy pages takes only what
the server and the ordinary visitor's browser leave. The ordinary visitor's Chromium runs at normal priority
(--same-browser: all five in one Chromium at normal priority, as before). It also prints the server's own part
(QUITLOK_RUN_LOG, quitlok.ui.fair): the ordinary visitor's runs on the server, from start to end, alone and beside
the four; the server's CPU time beside the four, in its main thread, in the pages' runs and in its worker processes
(quitlok.costly.away); and the load average (uptime) at the start and the end. `--profile FOLDER` writes a cProfile
of every run of a page (QUITLOK_PROFILE). `--app FOLDER` serves another checkout (the code before a change: `git
archive <commit> | tar -x -C FOLDER`).

Run: python benchmarks/bench_costly.py [--rounds 30] [--quiet 300] [--every 1.0] [--same-browser] [--app FOLDER]
                                       [--profile FOLDER]
"""

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_clicks import CHROMIUM, CHROMIUM_FLAGS, ROOT, WATCH_JS, Advisor, Timer, serve  # noqa: E402

SIX_DOWN = ", ".join("?" * 6)
ONE = re.compile(r"^1 · \d+ left$")


def fire(page: Page, name: str | re.Pattern) -> None:
    """Click the button `name` without waiting for the page to answer (nothing, if it is not there now)."""
    button = page.get_by_role("button", name=name, exact=True) if isinstance(name, str) else \
        page.get_by_role("button", name=name)
    if button.count():
        button.first.evaluate("el => el.click()")


class Banker:
    """The Advisor as banker against the issue's lever; each call presses the 1 or Undo, not waiting."""

    def __init__(self, browser, url: str, timer: Timer) -> None:
        context = browser.new_context(viewport={"width": 1400, "height": 900})
        context.add_init_script(WATCH_JS)
        self.page = page = context.new_page()
        timer.load(page, f"{url}/advisor?rules=kvitlach")
        page.evaluate("window.__qb.arm()")
        page.get_by_text("I hold the bank").click()
        timer.settle(page)
        field = page.get_by_role("spinbutton", name="Players who stayed with a stake")
        field.fill("7")
        page.evaluate("window.__qb.arm()")
        field.press("Enter")
        timer.settle(page)
        cards = page.get_by_role("textbox", name="Cards in order, ? face down")
        for i in range(7):
            cards.nth(i).fill(SIX_DOWN)
            page.evaluate("window.__qb.arm()")
            cards.nth(i).press("Enter")
            timer.settle(page)
        self.held = False

    def __call__(self) -> None:
        fire(self.page, "Undo my last card" if self.held else ONE)
        self.held = not self.held


class Lab:
    """The Lab under 48-card house rules; each call sets another seed (a run the server has not played: the same
    setup and seed again only shows the last run) and presses Run, not waiting."""

    def __init__(self, browser, url: str, timer: Timer) -> None:
        context = browser.new_context(viewport={"width": 1400, "height": 900})
        context.add_init_script(WATCH_JS)
        self.page = page = context.new_page()
        timer.load(page, f"{url}/lab")
        for text in ("Change single rules", "48 cards", "12, 10 or 9"):
            page.evaluate("window.__qb.arm()")
            page.get_by_text(text, exact=True).first.click()
            timer.settle(page)
        page.get_by_text("Random seed", exact=True).first.click()  # opened in the browser: no run
        page.get_by_role("spinbutton", name=re.compile("^Seed")).wait_for()
        self.seed = 0

    def __call__(self) -> None:
        self.seed += 1
        field = self.page.get_by_role("spinbutton", name=re.compile("^Seed"))
        if field.count():
            field.fill(str(self.seed))
            field.press("Enter")
        fire(self.page, "Run")


def summary(times: list[float]) -> tuple[float, float]:
    times = sorted(times)
    return statistics.median(times), times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--quiet", type=int, default=300)
    parser.add_argument("--every", type=float, default=1.0,
                        help="an expensive visitor clicks again once this many seconds have passed (0: every round)")
    parser.add_argument("--app", type=Path, default=ROOT, help="the checkout to serve")
    parser.add_argument("--profile", type=Path, help="a folder for each run's profile (QUITLOK_PROFILE)")
    parser.add_argument("--same-browser", action="store_true",
                        help="the four expensive visitors in the ordinary visitor's Chromium, at its priority")
    args = parser.parse_args()
    timer = Timer(args.quiet)
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        run_log = Path(folder) / "runs.log"
        env = {**os.environ, "QUITLOK_DATABASE_URL": f"sqlite:///{Path(folder) / 'rooms.sqlite3'}",
               "PYTHONPATH": str(args.app.resolve()), "QUITLOK_RUN_LOG": str(run_log)}
        if args.profile:
            args.profile.mkdir(parents=True, exist_ok=True)
            env["QUITLOK_PROFILE"] = str(args.profile.resolve())
        with serve("tutorial_app.py", env, args.app.resolve()) as (url, server):
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            ordinary = Advisor(browser, url, timer)
            for _ in range(3):  # warm-up: the first cards import and draw what later ones reuse
                ordinary({"advisor: a card": []})
            alone: dict = {"advisor: a card": []}
            for _ in range(args.rounds):
                ordinary(alone)
            ended_alone = time.time()
            theirs = browser
            if not args.same_browser:  # their own Chromium, at the lowest priority (their own devices, in life)
                lowest = Path(folder) / "chromium-idle"
                # SCHED_IDLE, which every process of it inherits: Chromium sets its processes' nice values itself
                # (its browser process at -8 when run as root), so a nice value alone does not hold
                lowest.write_text(f'#!/bin/sh\nexec chrt --idle 0 nice -n 19 "{CHROMIUM}" "$@"\n', encoding="utf-8")
                lowest.chmod(0o755)
                theirs = playwright.chromium.launch(executable_path=str(lowest), args=CHROMIUM_FLAGS)
            expensive = [Banker(theirs, url, timer) for _ in range(3)] + [Lab(theirs, url, timer)]
            started_beside, cpu_before = time.time(), threads_cpu(server.pid)
            beside: dict = {"advisor: a card": []}
            last = [0.0] * len(expensive)
            for _ in range(args.rounds):
                for i, visitor in enumerate(expensive):
                    if time.monotonic() - last[i] >= args.every:
                        visitor()
                        last[i] = time.monotonic()
                ordinary(beside)
            spent, took = threads_cpu(server.pid), time.time() - started_beside
            lab_runs = expensive[-1].page.get_by_text(re.compile("^Last run:")).all_inner_texts()
            if theirs is not browser:
                theirs.close()
            browser.close()
        server_side = runs_on_the_server(run_log, ended_alone, started_beside)
    a = summary([s.settled for s in alone["advisor: a card"]])
    b = summary([s.settled for s in beside["advisor: a card"]])
    load_after = os.getloadavg()
    print(f"the Lab visitor pressed Run {expensive_seed(lab_runs)}")
    print(f"served: {args.app.resolve()}; expensive visitors' browser: "
          f"{'the same, normal priority' if args.same_browser else 'their own, SCHED_IDLE'}; load average (1 min) "
          f"{load_before[0]:.1f} at the start, {load_after[0]:.1f} at the end")
    print(f"ordinary visitor (an Advisor card) alone: median {a[0]:.0f} ms, p95 {a[1]:.0f} ms ({args.rounds} cards)")
    print(f"beside four expensive visitors:          median {b[0]:.0f} ms, p95 {b[1]:.0f} ms")
    print(f"ratio: median {b[0] / a[0]:.2f}x, p95 {b[1] / a[1]:.2f}x (goal: within 1.5x)")
    main_thread, others, workers = (after - before for after, before in zip(spent, cpu_before, strict=True))
    print(f"the server's CPU beside the four: {main_thread / took:.0%} of a core in its main thread (WebSockets, "
          f"messages), {others / took:.0%} in the others (the pages' runs), {workers / took:.0%} in its worker "
          f"processes, over {took:.0f} s")
    if server_side:
        (a, b) = server_side
        print(f"on the server, the ordinary visitor's runs alone: median {a[0]:.0f} ms, p95 {a[1]:.0f} ms; beside: "
              f"median {b[0]:.0f} ms, p95 {b[1]:.0f} ms; ratio: median {b[0] / a[0]:.2f}x, p95 {b[1] / a[1]:.2f}x")


def expensive_seed(shown: list[str]) -> str:
    """What the Lab's last run says of its seed (the Lab visitor's Runs were played)."""
    return f"and its page shows {shown[0]!r}" if shown else "but its page shows no run"


def threads_cpu(pid: int) -> tuple[float, float, float]:
    """The CPU seconds of a process's main thread, of all its other threads (those ended too: Streamlit runs each
    run of a page in a thread of its own), and of its child processes now running (the workers of
    quitlok.costly.away). Linux: /proc."""
    tick = os.sysconf("SC_CLK_TCK")

    def fields(stat: Path) -> list[str]:
        return stat.read_text().rsplit(")", 1)[1].split()

    def seconds(stat: Path) -> float:
        found = fields(stat)
        return (int(found[11]) + int(found[12])) / tick

    main_thread = seconds(Path(f"/proc/{pid}/task/{pid}/stat"))
    children = 0.0
    for process in Path("/proc").iterdir():
        if process.name.isdigit():
            try:
                if int(fields(process / "stat")[1]) == pid:
                    children += seconds(process / "stat")
            except (OSError, IndexError, ValueError):  # ended meanwhile
                continue
    return main_thread, seconds(Path(f"/proc/{pid}/stat")) - main_thread, children


def runs_on_the_server(log: Path, ended_alone: float, started_beside: float):
    """The ordinary visitor's runs on the server (ms from start to end), alone and beside the four: his session is
    the one that ran before the others came; None when the served checkout writes no log of its runs."""
    if not log.exists():
        return None
    runs = [line.split() for line in log.read_text(encoding="utf-8").splitlines()]
    mine = {session for begun, session, *_ in runs if float(begun) < ended_alone}
    alone = [float(wall) for begun, session, wall, *_ in runs if session in mine and float(begun) < ended_alone]
    beside = [float(wall) for begun, session, wall, *_ in runs if session in mine and float(begun) >= started_beside]
    return (summary(alone), summary(beside)) if alone and beside else None


if __name__ == "__main__":
    main()
