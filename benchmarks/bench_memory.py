"""Does a long-running server stay small? Prints memory as it goes, and the slope after warm-up.

(a) sessions: a real server (`streamlit run tutorial_app.py`) and one visitor after another in headless
    Chromium: open the practice table, start a game, make 20 moves, close the browser tab. The server's
    resident memory (RSS, from /proc) is printed every 20 sessions; goal: flat after warm-up (less than
    0.1 MB per session) and under 400 MB.
(b) odds: random advisor questions (`quitlok.odds.advise`) over 32 house-rule variants in this process,
    memory printed every 1,000 questions; goal: under 400 MB whatever is asked (the solvers' memos share
    one budget, `quitlok.odds.MEMO_BUDGET`).

Run: python benchmarks/bench_memory.py [sessions] [questions]   (defaults 200 and 20,000)
"""

import contextlib
import itertools
import os
import random
import resource
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update"]
MOVES = ("Next move", "Stay", "Stand", "Keep the bank", "Keep the 11", "Draw a card", "Take a blot")


def rss_mb(pid: int) -> float:
    """Resident memory of a process, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def slope(points: list[tuple[int, float]]) -> float:
    """MB per step, least squares over the points after the first fifth (the warm-up)."""
    tail = points[len(points) // 5:]
    if len(tail) < 2:
        return float("nan")
    mean_x = sum(x for x, _ in tail) / len(tail)
    mean_y = sum(y for _, y in tail) / len(tail)
    return sum((x - mean_x) * (y - mean_y) for x, y in tail) / sum((x - mean_x) ** 2 for x, _ in tail)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def sessions(count: int) -> None:
    from playwright.sync_api import sync_playwright

    port = free_port()
    folder = tempfile.mkdtemp(prefix="quitlok-memory-")
    env = {**os.environ, "QUITLOK_DATABASE_URL": f"sqlite:///{folder}/rooms.sqlite3"}
    server = subprocess.Popen([sys.executable, "-m", "streamlit", "run", "tutorial_app.py", "--server.headless",
                               "true", "--server.port", str(port), "--server.fileWatcherType", "none",
                               "--browser.gatherUsageStats", "false"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                if urllib.request.urlopen(f"{url}/_stcore/health", timeout=1).read() == b"ok":
                    break
            except OSError:
                time.sleep(0.5)
        points, failures = [], 0
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            start = time.perf_counter()
            for n in range(1, count + 1):
                page = browser.new_page()
                try:
                    page.goto(f"{url}/play")
                    page.wait_for_selector(IDLE, timeout=30_000)
                    page.get_by_role("button", name="Start a new game").click()
                    page.wait_for_selector("text=What happened", timeout=30_000)
                    for _ in range(20):
                        stake = page.get_by_role("button", name="Stake a bank of 10")
                        names = [stake] if stake.count() else []
                        names += [page.get_by_role("button", name=m, exact=True) for m in MOVES]
                        button = next((b for b in names if b.count()), None)
                        if button is None:
                            break
                        button.first.click()
                        page.wait_for_selector(IDLE, timeout=30_000)
                except Exception:  # noqa: BLE001 - a benchmark counts failures and goes on
                    failures += 1
                finally:
                    page.close()
                if n % 20 == 0:
                    points.append((n, rss_mb(server.pid)))
                    print(f"sessions {n:4}: server {points[-1][1]:6.1f} MB  ({time.perf_counter() - start:5.0f} s, "
                          f"{failures} failed)", flush=True)
            browser.close()
        print(f"sessions: {slope(points):+.3f} MB per session after warm-up; highest {max(y for _, y in points):.0f} "
              f"MB; {failures} failed")
    finally:
        server.terminate()
        server.wait(timeout=20)


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
    print(f"questions: {1000 * slope(points):+.2f} MB per 1,000 questions after warm-up; peak "
          f"{max(y for _, y in points):.0f} MB")


if __name__ == "__main__":
    session_count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    question_count = int(sys.argv[2]) if len(sys.argv) > 2 else 20_000
    if question_count:
        questions(question_count)
    if session_count:
        sessions(session_count)
