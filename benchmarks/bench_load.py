"""Many visitors at once: N browser sessions start together right after a server start (not in CI).

For each N given (default 10, 20 and 30) a fresh server (`streamlit run tutorial_app.py`, its rooms in a
temporary SQLite file, nothing imported or cached yet) and one headless Chromium with N browser contexts (each a
visitor of its own: own cookies, own WebSocket, own Streamlit session), all driven from one asyncio loop so
that they really are at the same time. Each visitor opens Home, opens every page from the sidebar in its order
(the folded History section opened when its pages come), then at the practice table starts a game and makes
--moves moves (the first of Next move, Stay, Stand, Keep the bank... that the table offers, the least stake,
Play again when a game is over), as bench_memory.py does.

A page time runs from the click on its link (the first load: from navigation start) to the server's "script
finished" for the run it started (read from the WebSocket) and the app showing `notRunning`; a move's time
likewise from the click. Printed: the failures (an exception shown on a page, a wait longer than --timeout
seconds, a visitor whose practice table shows another game than the one it started: the line "Drawing for the
first bank: ..." of its game changed without a new game), then the median and 90th percentile of the first
loads, of the page changes and of the moves, the slowest pages, and the server's peak memory and CPU time.

On this project's machine (2 cores) the browser's renderers and the server share the cores: the times are
those of a server on a busy machine, an upper bound for a server alone.

Run: python benchmarks/bench_load.py [N ...] [--moves 20] [--timeout 30] [--app FOLDER]
"""

import argparse
import asyncio
import os
import re
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_memory import CHROMIUM, FLAGS, IDLE, MOVES, ROOT, SETTLED, WATCH_JS, css_key, rss_mb, serve  # noqa: E402

EXCEPTION = "[data-testid='stException']"
#: the app's own list of pages in the sidebar (quitlok/ui/nav.py), and the folded section's title
NAV_LINK = ".st-key-ql-pages a[data-testid='stPageLink-NavLink']"
FOLDED = re.compile(r"^History \(\d+ pages\)$")
FIRST_BANK = re.compile(r"Drawing for the first bank: [^.]*\.")


def link(path: str) -> str:
    """The sidebar's link to the page at `path` (its href is relative, `lessons`, or a whole address)."""
    return f"{NAV_LINK}[href='{path}'], {NAV_LINK}[href$='/{path}']"


class Failure(Exception):
    """What went wrong, in a line, and of which kind."""

    def __init__(self, kind: str, words: str) -> None:
        super().__init__(f"{kind}: {words}")
        self.kind = kind


class Visitor:
    """One browser context walking the app; its times in `times[kind]` (ms), its failures in `failures`."""

    def __init__(self, number: int, browser, url: str, timeout_s: float, times: dict, failures: list) -> None:
        self.number, self.browser, self.url, self.timeout = number, browser, url, timeout_s * 1000
        self.times, self.failures = times, failures
        self.page = None

    async def settle(self, finished: int, what: str) -> float:
        """Wait for the run started after `finished` runs; ms it took; fail on a timeout or an exception shown."""
        try:
            while True:  # settled, and no other run (a rerun) starts within 300 ms
                await self.page.wait_for_function(SETTLED, arg=finished, polling=100, timeout=self.timeout)
                finished = await self.page.evaluate("window.__qm.finished")
                await self.page.wait_for_timeout(300)
                if await self.page.evaluate(f"window.__qm.finished === {finished} && "
                                            f"document.querySelector(\"{IDLE}\") !== null"):
                    break
        except Exception as problem:  # noqa: BLE001 - Playwright's TimeoutError, or the page gone
            raise Failure("timeout", f"{what}: no answer within {self.timeout / 1000:.0f} s") from problem
        took = await self.page.evaluate("window.__qm.took()")
        if await self.page.locator(EXCEPTION).count():
            text = (await self.page.locator(EXCEPTION).first.inner_text())[:200].replace("\n", " ")
            raise Failure("exception", f"{what}: {text}")
        return took

    async def click(self, selector: str, what: str) -> float:
        finished = await self.page.locator(selector).first.evaluate("el => window.__qm.click(el)")
        return await self.settle(finished, what)

    async def first_bank(self) -> str | None:
        found = FIRST_BANK.findall(await self.page.locator("[data-testid='stMain']").text_content() or "")
        return found[0] if len(found) == 1 else None

    async def run(self, moves: int) -> None:
        context = await self.browser.new_context(viewport={"width": 1400, "height": 900})
        await context.add_init_script(WATCH_JS)
        try:
            self.page = await context.new_page()
            await self.step(self.walk)
            await self.step(lambda: self.play(moves))
        finally:
            await context.close()

    async def step(self, part) -> None:
        try:
            await part()
        except Failure as failure:
            self.failures.append((self.number, failure))
        except Exception as problem:  # noqa: BLE001 - a benchmark counts what went wrong and goes on
            where = self.page.url if self.page else "no page"
            self.failures.append((self.number, Failure("error", f"{str(problem).splitlines()[0][:200]} (at {where})")))

    async def walk(self) -> None:
        """Home by its address, then every page from the sidebar; a page that fails is noted and the walk goes
        on (three timeouts end it)."""
        await self.page.goto(self.url, wait_until="commit", timeout=self.timeout)
        self.times["first load (Home)"].append(await self.settle(0, "Home, first load"))
        await self.page.locator(NAV_LINK).first.wait_for(timeout=self.timeout)  # a busy browser draws it late
        paths = [href.rstrip("/").rsplit("/", 1)[-1] for href in
                 await self.page.locator(NAV_LINK).evaluate_all("links => links.map(a => a.href)")]
        timeouts = 0
        for path in paths[1:]:
            try:
                if not await self.page.locator(link(path)).is_visible():  # a folded section
                    await self.page.get_by_text(FOLDED).click()
                took = await self.click(link(path), f"page {path}")
                self.times["page change"].append(took)
                self.times[f"page: {path}"].append(took)
            except Failure as failure:
                self.failures.append((self.number, failure))
                timeouts += failure.kind == "timeout"
                if timeouts == 3:
                    raise Failure("timeout", "three pages unanswered, the walk ends") from failure

    async def play(self, moves: int) -> None:
        """The practice table: a new game and `moves` moves; its first-bank line must stay that of its game."""
        if not self.page.url.rstrip("/").endswith("/play"):
            await self.click(link("play"), "page play")
        self.times["move"].append(await self.click(f"{css_key('play.start')} button", "Start a new game"))
        game = await self.first_bank()
        if game is None:
            raise Failure("another game", "no first-bank line (or two) after Start a new game")
        for _ in range(moves):
            for key in MOVES:
                if await self.page.locator(f"{css_key(key)} button").count():
                    break
            else:
                raise Failure("error", "the table offers none of the moves the benchmark knows")
            self.times["move"].append(await self.click(f"{css_key(key)} button", f"move {key}"))
            now = await self.first_bank()
            if key == "play.again":
                game = now
            elif now != game:
                raise Failure("another game", f"the table showed {now!r} after {key}, its game was {game!r}")


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10, method="inclusive")[-1] if len(values) > 1 else values[0]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def once(count: int, moves: int, timeout_s: float, app: Path) -> dict:
    from playwright.async_api import async_playwright

    times: dict[str, list[float]] = defaultdict(list)
    failures: list[tuple[int, Failure]] = []
    with serve(app) as (url, server):
        peak = rss_mb(server.pid)
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            visitors = [Visitor(n, browser, url, timeout_s, times, failures) for n in range(1, count + 1)]
            started = time.perf_counter()
            running = asyncio.gather(*(visitor.run(moves) for visitor in visitors))
            while not running.done():
                peak = max(peak, rss_mb(server.pid))
                await asyncio.wait([running], timeout=0.5)
            await running
            wall = time.perf_counter() - started
            await browser.close()
        peak, cpu = max(peak, rss_mb(server.pid)), cpu_seconds(server.pid)
    return {"count": count, "times": times, "failures": failures, "wall": wall, "peak": peak, "cpu": cpu}


def report(result: dict) -> None:
    count, times, failures = result["count"], result["times"], result["failures"]
    kinds = Counter(failure.kind for _, failure in failures)
    print(f"\n{count} visitors at once: {result['wall']:.0f} s in all; {len(failures)} failures"
          + (f" ({', '.join(f'{n} {kind}' for kind, n in kinds.items())})" if failures else "")
          + f"; server peak {result['peak']:.0f} MB, {result['cpu']:.0f} s of CPU")
    for number, failure in failures[:10]:
        print(f"  visitor {number}: {failure}")
    if len(failures) > 10:
        print(f"  ... and {len(failures) - 10} more")
    print("| what | n | median | p90 |")
    print("|---|---|---|---|")
    for name in ("first load (Home)", "page change", "move"):
        if values := times.get(name):
            print(f"| {name} | {len(values)} | {statistics.median(values) / 1000:.1f} s | {p90(values) / 1000:.1f} s |")
    pages = sorted((statistics.median(values), name) for name, values in times.items() if name.startswith("page:"))
    if pages:
        print("slowest pages (median): " + ", ".join(f"{name[6:]} {median / 1000:.1f} s"
                                                     for median, name in pages[::-1][:3]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("counts", type=int, nargs="*", default=[10, 20, 30], help="visitors at once, one run each")
    parser.add_argument("--moves", type=int, default=20, help="moves at the practice table per visitor")
    parser.add_argument("--timeout", type=float, default=30, help="seconds a visitor waits for an answer")
    parser.add_argument("--app", type=Path, default=ROOT, help="the checkout of the app to serve (this one)")
    args = parser.parse_args()
    results = [asyncio.run(once(count, args.moves, args.timeout, args.app.resolve())) for count in args.counts]
    for result in results:
        report(result)
    print("\n| visitors at once | failures | first load median (p90) | page change median (p90) "
          "| move median (p90) | server peak |")
    print("|---|---|---|---|---|---|")
    for r in results:
        cells = [f"{statistics.median(v) / 1000:.1f} s ({p90(v) / 1000:.1f} s)" if (v := r["times"].get(name)) else "-"
                 for name in ("first load (Home)", "page change", "move")]
        print(f"| {r['count']} | {len(r['failures'])} | {' | '.join(cells)} | {r['peak']:.0f} MB |")


if __name__ == "__main__":
    main()
