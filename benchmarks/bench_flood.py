"""One visitor opening rooms as fast as the server allows, beside an ordinary visitor (issue 23, item 7).

Serves the app (`streamlit run tutorial_app.py`, bench_clicks.serve, behind one trusted proxy:
QUITLOK_TRUSTED_PROXIES=1) and times an ordinary visitor's Advisor card in headless Chromium (bench_clicks.Advisor:
click to page settled), first alone, then while a flooder opens rooms on the Play together page.

The flooder is a script, as the issue's was: `--flooders` threads (default 8, "8 at a time"), each opening a
WebSocket to the server as a new browser session would (every room from a fresh session, so that only the
per-address limit can stop it; all from one address, sent as X-Forwarded-For), drawing the page, then sending
the host's name and a press of "Open the room" in one message, and at once the next when the answer is in. It
counts the rooms opened and the refusals ("Please wait a little"). The ordinary visitor's browser sends no such
header: the server sees it as another visitor, from its own address.

Prints the ordinary visitor's median and 95th percentile alone and beside the flood, their ratio (goal: within
1.5x), and the flood's rooms and refusals a second. `--app FOLDER` serves another checkout (the code before a
change: `git archive <commit> | tar -x -C FOLDER`).

Run: python benchmarks/bench_flood.py [--rounds 30] [--flooders 8] [--quiet 300] [--app FOLDER]
"""

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState
from websockets.sync.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_clicks import CHROMIUM, CHROMIUM_FLAGS, ROOT, Advisor, Timer, serve  # noqa: E402

FLOODER_ADDRESS = "203.0.113.66"
HOST_FIELD, OPEN = "Your name (you host the room)", "Open the room"
REFUSED = "Please wait a little"


def elements(msg: ForwardMsg):
    if msg.WhichOneof("type") == "delta" and msg.delta.WhichOneof("type") == "new_element":
        yield msg.delta.new_element


def run_script(ws, page: str, states: list[WidgetState]) -> list[ForwardMsg]:
    """Ask for a run of `page` with `states`; the messages until its "script finished"."""
    back = BackMsg()
    back.rerun_script.page_name = page
    back.rerun_script.widget_states.widgets.extend(states)
    ws.send(back.SerializeToString())
    got = []
    while True:
        msg = ForwardMsg()
        msg.ParseFromString(ws.recv(timeout=120))
        got.append(msg)
        if msg.WhichOneof("type") == "script_finished":
            return got


def open_one(ws_url: str) -> str:
    """A fresh session opens a room: "opened", "refused" or "other"."""
    with connect(ws_url, subprotocols=["streamlit"], additional_headers={"X-Forwarded-For": FLOODER_ADDRESS},
                 max_size=None, open_timeout=60) as ws:
        found = {}
        for msg in run_script(ws, "together", []):
            for element in elements(msg):
                kind = element.WhichOneof("type")
                if kind == "text_input" and element.text_input.label == HOST_FIELD:
                    found["name"] = element.text_input.id
                elif kind == "button" and element.button.label == OPEN:
                    found["open"] = element.button.id
        if len(found) < 2:
            return "other"
        name, press = WidgetState(id=found["name"], string_value="Flood"), WidgetState(id=found["open"],
                                                                                       trigger_value=True)
        answer = run_script(ws, "together", [name, press])
        shown = " ".join(str(element) for msg in answer for element in elements(msg))
        if REFUSED in shown:
            return "refused"
        return "opened" if "At the table" in shown else "other"


def flood(ws_url: str, stop: threading.Event, counts: dict, lock: threading.Lock) -> None:
    while not stop.is_set():
        try:
            outcome = open_one(ws_url)
        except Exception:  # noqa: BLE001 - a flood counts what it met
            outcome = "error"
        with lock:
            counts[outcome] = counts.get(outcome, 0) + 1


def summary(times: list[float]) -> tuple[float, float]:
    times = sorted(times)
    return statistics.median(times), times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--flooders", type=int, default=8)
    parser.add_argument("--quiet", type=int, default=300)
    parser.add_argument("--app", type=Path, default=ROOT, help="the checkout to serve")
    args = parser.parse_args()
    timer = Timer(args.quiet)
    counts: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        env = {**os.environ, "QUITLOK_DATABASE_URL": f"sqlite:///{Path(folder) / 'rooms.sqlite3'}",
               "QUITLOK_TRUSTED_PROXIES": "1", "PYTHONPATH": str(args.app.resolve())}
        with serve("tutorial_app.py", env, args.app.resolve()) as (url, _server):
            ws_url = url.replace("http://", "ws://") + "/_stcore/stream"
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            ordinary = Advisor(browser, url, timer)
            for _ in range(3):  # warm-up
                ordinary({"advisor: a card": []})
            print("first room by the flood's way:", open_one(ws_url), flush=True)
            alone: dict = {"advisor: a card": []}
            for _ in range(args.rounds):
                ordinary(alone)
            stop, lock = threading.Event(), threading.Lock()
            threads = [threading.Thread(target=flood, args=(ws_url, stop, counts, lock), daemon=True)
                       for _ in range(args.flooders)]
            started = time.monotonic()
            for thread in threads:
                thread.start()
            time.sleep(2)  # the flood under way
            beside: dict = {"advisor: a card": []}
            for _ in range(args.rounds):
                ordinary(beside)
            stop.set()
            for thread in threads:
                thread.join(timeout=120)
            seconds = time.monotonic() - started
            browser.close()
    a = summary([s.settled for s in alone["advisor: a card"]])
    b = summary([s.settled for s in beside["advisor: a card"]])
    print(f"served: {args.app.resolve()}; load average at the end: {os.getloadavg()[0]:.1f}")
    print(f"ordinary visitor (an Advisor card) alone: median {a[0]:.0f} ms, p95 {a[1]:.0f} ms ({args.rounds} cards)")
    print(f"beside the flood:                         median {b[0]:.0f} ms, p95 {b[1]:.0f} ms")
    print(f"ratio: median {b[0] / a[0]:.2f}x, p95 {b[1] / a[1]:.2f}x (goal: within 1.5x)")
    print(f"the flood, {args.flooders} at a time over {seconds:.0f} s: " + ", ".join(
        f"{n} {what} ({n / seconds:.1f}/s)" for what, n in sorted(counts.items())))


if __name__ == "__main__":
    main()
