"""What the browser spends on a click: the main thread's CPU time per click, from Chromium's own trace.

bench_clicks.py times a click from the click to the page having settled: wall time, which a busy machine
stretches. This reads the CPU time of the page's main thread instead (each trace event's thread duration), which
moves far less with the machine's load, and splits it into script, style, layout and paint. Point it at a running
app (`streamlit run tutorial_app.py --server.port 8612`, or a one-button app) and name the button to press; it
presses `--warm` times untimed, then `clicks` times under the trace, a pause after each.

Run: python benchmarks/trace_clicks.py URL BUTTON [--clicks 10] [--warm 2] [--pause 1.2] [--trace FILE]
e.g. python benchmarks/trace_clicks.py http://localhost:8612/lessons Next --warm 1   (steps 2 to 12: 10 clicks)
"""

import argparse
import json
import os
import tempfile
import time
from collections import Counter

from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("QUITLOK_CHROMIUM", "/usr/bin/chromium")
CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute"]
#: the kinds of work inside a task that the report names
KINDS = ("FunctionCall", "RunMicrotasks", "UpdateLayoutTree", "Layout", "Paint", "PrePaint", "ParseHTML",
         "MinorGC", "MajorGC")


def main_thread_cpu(trace: list[dict]) -> tuple[float, Counter]:
    """The renderer main thread's CPU time in ms (its top-level events' thread durations), and per kind of work."""
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in trace
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    main = {thread for thread, name in names.items() if name == "CrRendererMain"}
    events = sorted((e for e in trace if (e.get("pid"), e.get("tid")) in main and e.get("ph") == "X" and "dur" in e),
                    key=lambda e: (e["pid"], e["tid"], e["ts"], -e["dur"]))
    total, kinds, end = 0.0, Counter(), {}
    for e in events:
        thread = (e["pid"], e["tid"])
        if e["ts"] >= end.get(thread, -1):  # top level: not inside an earlier event of the same thread
            total += e.get("tdur", e["dur"]) / 1000
            end[thread] = e["ts"] + e["dur"]
        if e["name"] in KINDS:
            kinds[e["name"]] += e.get("tdur", e["dur"]) / 1000
    return total, kinds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("url")
    parser.add_argument("button", help="the button's words, exactly")
    parser.add_argument("--clicks", type=int, default=10)
    parser.add_argument("--warm", type=int, default=2)
    parser.add_argument("--pause", type=float, default=1.2, help="seconds after each click")
    parser.add_argument("--trace", help="keep the trace here (open it in Chromium's performance panel)")
    args = parser.parse_args()
    path = args.trace or os.path.join(tempfile.mkdtemp(prefix="quitlok-trace-"), "trace.json")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                             args=["--headless", "--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto(args.url)
        button = page.get_by_role("button", name=args.button, exact=True).first
        button.wait_for(timeout=60_000)
        time.sleep(2)
        for _ in range(args.warm):
            button.evaluate("el => el.click()")
            time.sleep(args.pause)
        browser.start_tracing(page=page, path=path, categories=CATEGORIES)
        for _ in range(args.clicks):
            button.evaluate("el => el.click()")
            time.sleep(args.pause)
        browser.stop_tracing()
        browser.close()
    with open(path, encoding="utf-8") as file:
        trace = json.load(file)
    total, kinds = main_thread_cpu(trace["traceEvents"] if isinstance(trace, dict) else trace)
    print(f"main thread CPU per click: {total / args.clicks:.1f} ms ({args.clicks} clicks on {args.button!r})")
    for kind, ms in kinds.most_common():
        print(f"  {kind}: {ms / args.clicks:.1f} ms")


if __name__ == "__main__":
    main()
