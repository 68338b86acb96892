"""How fast the app answers a click and opens a page, in headless Chromium, against a one-button Streamlit app.

Starts two servers on free ports: the real app (`streamlit run tutorial_app.py`, its rooms in a temporary
SQLite file) and, as the floor, a one-button app (a title, a button that counts its presses), both from the
project's folder so that they share `.streamlit/config.toml`. One headless Chromium then measures, round by
round (each round samples all of them, so that a busy spell on a shared machine falls on all alike):

- clicks: a move at the practice table (the first of Next move, Stay, Stand, Keep the bank... that is there, as
  the browser tests play), a card button in the Advisor (6, then 5, then Clear all, which is not timed; the
  same two positions again and again), a second card in the Advisor on a position not asked before in this
  run (Clear all and the first card not timed), a lesson's Next (and Back, on the way back from the last
  step), and the floor app's button;
- page loads: the address of Home, Lessons, Play and Advisor opened anew (a new session each, a warm browser
  cache, no saved progress), the floor app's, and for comparison a second floor: the button with a toggle, a
  selectbox and a radio in the sidebar, a number input and a slider (the kinds of widget every page of the
  app shows at once, whose code Streamlit loads as a page first draws them), and a third: the floor's button as
  the second page of two, opened at its own address (/second), as Lessons, Play and Advisor are (Streamlit's
  frontend asks for the server at that address first, is refused, and asks again at / after 100 ms).

Three references are timed beside the floor's click, without a goal, to show what Streamlit itself costs: the
floor's button inside an st.fragment; the least a table can be with Streamlit's own elements (a fragment with
two headings, the seats and their cards as HTML, the log as HTML, two buttons); and the least it can be at all
(the same table drawn by one st.components.v2 component, its buttons sending a trigger).

A click is timed from the click event in the page to the page having settled: the server has sent "script
finished" for a run that started after the click (read from the WebSocket's ForwardMsgs, so a run too quick to
ever show `data-test-script-state='running'` still counts, and one that never starts is never timed as 0),
the app says `notRunning`, and neither the DOM nor the socket has changed for --quiet ms; the time is that of
the last DOM change or message. A page load is timed the same way from navigation start. Goals (issue 21,
medians): a practice-table move and an Advisor card within 1.5 times the lean table's move (a reference below,
timed in the same rounds), a lesson's Next and Back within 2 times the floor's click, every page load within 2
times the floor's load. The last column
says when the server's "script finished" arrived (median): the rest of the time is the browser drawing.

With --compare FOLDER, another checkout of the app (an earlier commit: `git archive <commit> | tar -x -C
FOLDER`) is served as well and timed in the same rounds, with a table of its own: on a shared machine, two runs
one after the other meet different loads.

With --only table (advisor, lesson), nothing but the floor's click (and for table and advisor the lean table's,
their goal's reference) and the practice table's move (the Advisor's card, the lesson's Next and Back) is
timed, with two to four pages open in the browser instead of fifteen: a quieter browser, for comparing two
checkouts.

Run: python benchmarks/bench_clicks.py [--rounds 20] [--warmup 2] [--quiet 400] [--compare FOLDER]
     [--only table|advisor|lesson]
"""

import argparse
import itertools
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import defaultdict
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import NamedTuple

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("QUITLOK_CHROMIUM", "/usr/bin/chromium")
#: the last three keep the timers of every open page at full speed (several pages are open at once)
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-background-timer-throttling",
                  "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows"]
VIEWPORT = {"width": 1400, "height": 900}

FLOOR_APP = '''import streamlit as st

st.title("One button")
if st.button("Press me"):
    st.session_state.presses = st.session_state.get("presses", 0) + 1
st.write(f"Pressed {st.session_state.get('presses', 0)} times.")
'''

#: a second floor for page loads: the one button with a few of the widgets every page of the app has in its
#: sidebar or shows at once; Streamlit loads each kind of widget's code when a page first draws one
FLOOR_WIDGETS_APP = '''import streamlit as st

st.title("One button and a few widgets")
with st.sidebar:
    st.toggle("A toggle")
    st.selectbox("A selectbox", ["a", "b"])
    st.radio("A radio", ["a", "b"], horizontal=True)
st.number_input("A number", 1, 10)
st.slider("A slider", 1, 10)
if st.button("Press me"):
    st.session_state.presses = st.session_state.get("presses", 0) + 1
st.write(f"Pressed {st.session_state.get('presses', 0)} times.")
'''

#: a third, for page loads at a page's own address (/lessons, /play, /advisor): the one button as the second page
#: of two. Opened there, Streamlit's frontend first asks for the server at /second/_stcore/health (the address
#: might be the app's base path), is answered 404, and asks again at / after a fixed 100 ms
FLOOR_PAGES_APP = '''import streamlit as st


def first():
    st.title("The first page")


def second():
    st.title("One button")
    if st.button("Press me"):
        st.session_state.presses = st.session_state.get("presses", 0) + 1
    st.write(f"Pressed {st.session_state.get('presses', 0)} times.")


st.navigation([st.Page(first, title="First", default=True), st.Page(second, title="Second", url_path="second")],
              position="hidden").run()
'''

#: references for clicks, beside the floor (not goals: they show what Streamlit itself costs): the floor's button
#: in a fragment; the least a table can be with Streamlit's own elements (in a fragment, as the app's are: two
#: headings, the seats with their cards as HTML, the log as HTML, two buttons, a short sidebar); and the least it
#: can be at all, the same table drawn by one st.components.v2 component whose buttons send a trigger
#: the start of both reference tables: a title, a short sidebar, five seats with two cards each and a log of 30
#: lines, all changing with the move number n
_TABLE_START = '''import random
import streamlit as st
from quitlok.ui.cards import hand_html

st.title("TITLE")
with st.sidebar:
    st.toggle("A toggle")
    st.selectbox("A selectbox", ["a", "b"])


def seats(n):
    rng = random.Random(n)
    return ('<div style="display: grid; grid-template-columns: repeat(3, 1fr)">' + "".join(
        f"<div><b>Seat {i}</b> purse {rng.randint(1, 20)}"
        + hand_html((rng.randint(1, 12), rng.randint(1, 12)), (True, False), mine=False) + "</div>"
        for i in range(5)) + "</div>")


def log(n):
    return "<br>".join(f"Line {k} of the log, with a few words." for k in range(n, n + 30))
'''
REFERENCE_APPS = {
    "fragment": '''import streamlit as st

st.title("One button in a fragment")


@st.fragment
def area():
    if st.button("Press me"):
        st.session_state.presses = st.session_state.get("presses", 0) + 1
    st.write(f"Pressed {st.session_state.get('presses', 0)} times.")


area()
''',
    "lean_table": _TABLE_START.replace("TITLE", "A lean table") + '''

@st.fragment
def area():
    n = st.session_state.get("n", 0)
    st.html(seats(n))
    st.header("Your turn")
    a, b = st.columns(2)
    a.button("Next move", type="primary", on_click=lambda: st.session_state.update(n=n + 1))
    b.button("Skip")
    st.header("What happened")
    st.html(log(n))


area()
''',
    "one_component_table": _TABLE_START.replace("TITLE", "A table in one component") + '''
JS = """
export default function ({ data, parentElement, setTriggerValue }) {
  let root = parentElement.querySelector(".table");
  if (!root) {
    root = document.createElement("div");
    root.className = "table";
    parentElement.appendChild(root);
    root.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-act]");
      if (button) setTriggerValue("act", button.dataset.act);
    });
  }
  if (root.dataset.n !== data.n) { root.innerHTML = data.html; root.dataset.n = data.n; }
}
"""
table = st.components.v2.component("reference.table", js=JS, isolate_styles=False)


@st.fragment
def area():
    n = st.session_state.get("n", 0)
    html = (seats(n) + '<h2>Your turn</h2><button data-act="next">Next move</button> '
            '<button data-act="skip">Skip</button><h2>What happened</h2>' + log(n))
    table(data={"html": html, "n": str(n)}, key="table",
          on_act_change=lambda: st.session_state.update(n=st.session_state.get("n", 0) + 1))


area()
''',
}
#: each reference's row in the report, and the button it presses
REFERENCE_ROWS = {"fragment": ("reference: a button in a fragment", "Press me"),
                  "lean_table": ("reference: a lean table's move", "Next move"),
                  "one_component_table": ("reference: a one-component table's move", "Next move")}

#: a ForwardMsg's top-level fields, read from the protobuf: {field: its number, or true for bytes} (bench_memory.py
#: and bench_load.py read them too)
FIELDS_JS = """
  const varint = (b, at) => {
    let value = 0, shift = 0, x;
    do { x = b[at.i++]; value += (x & 0x7f) * 2 ** shift; shift += 7; } while (x & 0x80);
    return value;
  };
  const fields = (buffer) => {
    const b = new Uint8Array(buffer), at = {i: 0}, out = {};
    while (at.i < b.length) {
      const key = varint(b, at), field = Math.floor(key / 8), wire = key % 8;
      if (wire === 0) out[field] = varint(b, at);
      else if (wire === 2) { const n = varint(b, at); out[field] = true; at.i += n; }
      else if (wire === 1) at.i += 8;
      else if (wire === 5) at.i += 4;
      else break;
    }
    return out;
  };
"""
#: runs in every page before its own scripts: notes each DOM change, the app's script state as it changes, and
#: every ForwardMsg from the server (its top-level fields read from the protobuf: 6 is script_finished, 26 a
#: heartbeat's answer, which is ignored)
WATCH_JS = """
(() => {
  const qb = window.__qb = {t0: 0, lastDom: 0, lastMsg: 0, state: null, firstMsgAt: -1, finishedAt: -1};
""" + FIELDS_JS + """  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        if (!(event.data instanceof ArrayBuffer)) return;
        const t = performance.now(), f = fields(event.data);
        if (26 in f) return;
        qb.lastMsg = t;
        if (qb.firstMsgAt < qb.t0) qb.firstMsgAt = t;
        if (6 in f && f[6] !== 2) qb.finishedAt = t;  // 2: finished early for a rerun, another run follows
      });
    }
  };
  const look = () => {
    qb.lastDom = performance.now();
    const app = document.querySelector("[data-testid='stApp']");
    qb.state = app ? app.getAttribute("data-test-script-state") : null;
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true, attributes: true,
                                                characterData: true});
  qb.arm = () => { qb.t0 = performance.now(); qb.finishedAt = -1; };
  qb.settled = (quiet) => {
    const now = performance.now();
    return qb.finishedAt > qb.t0 && qb.state === "notRunning" && now - Math.max(qb.lastDom, qb.lastMsg) >= quiet;
  };
  qb.took = () => Math.max(qb.lastDom, qb.lastMsg) - qb.t0;
  qb.phases = () => [qb.firstMsgAt - qb.t0, qb.finishedAt - qb.t0, qb.took()];
})();
"""


# --- servers ---------------------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serve(script: str, env: dict[str, str], folder: Path = ROOT, extra: tuple[str, ...] = ()):
    """`streamlit run script` from `folder` (by default this project's) on a free port, with `extra` options;
    yields (its URL, the server process) once it is healthy. bench_memory.py and bench_load.py serve the app
    with it too."""
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", script, "--server.headless", "true", "--server.port", str(port),
         "--server.fileWatcherType", "none", "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false",
         *extra],
        cwd=folder, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(240):
            try:
                if urllib.request.urlopen(f"{url}/_stcore/health", timeout=1).read() == b"ok":
                    break
            except OSError:
                time.sleep(0.25)
        else:
            raise RuntimeError(f"{script} did not start within a minute")
        yield url, server
    finally:
        server.terminate()
        server.wait(timeout=20)


# --- timing in the page ----------------------------------------------------------------------------------


class Sample(NamedTuple):
    """One click or load, in ms from the click (or navigation start): the server's first message, its "script
    finished", and the page settled (the figure that counts)."""

    first: float
    finished: float
    settled: float


class Timer:
    def __init__(self, quiet_ms: int) -> None:
        self.quiet = quiet_ms

    def settle(self, page: Page) -> Sample:
        """Wait until the page has settled after the armed moment; when its phases ended, in ms."""
        page.wait_for_function("q => window.__qb && window.__qb.settled(q)", arg=self.quiet, polling=20,
                               timeout=120_000)
        return Sample(*page.evaluate("window.__qb.phases()"))

    def click(self, page: Page, name: str | re.Pattern) -> Sample:
        """Click the button `name` as a script would (no mouse over it, so no tooltip opens); ms to settled."""
        button = page.get_by_role("button", name=name, exact=True) if isinstance(name, str) else \
            page.get_by_role("button", name=name)
        button.first.evaluate("el => { window.__qb.arm(); el.click(); }")
        return self.settle(page)

    def load(self, page: Page, url: str) -> Sample:
        """Open `url` anew; ms from navigation start to settled."""
        page.goto(url, wait_until="commit")
        return self.settle(page)


def _new_page(browser, url: str, timer: Timer) -> Page:
    context = browser.new_context(viewport=VIEWPORT)
    context.add_init_script(WATCH_JS)
    page = context.new_page()
    timer.load(page, url)
    return page


def has_button(page: Page, name: str | re.Pattern) -> bool:
    if isinstance(name, str):
        return page.get_by_role("button", name=name, exact=True).count() > 0
    return page.get_by_role("button", name=name).count() > 0


# --- what is measured -----------------------------------------------------------------------------------

#: the buttons that move play on without betting, in the order the browser tests prefer them
MOVE_ON = ("Next move", "Stay", "Stand", "Keep the bank", "Keep the 11", "Draw a card")
STAKE = re.compile(r"^Stake a bank of \d+$")


class Play:
    """The practice table: each call times one move; a new game is started (untimed) when one ends."""

    def __init__(self, browser, url: str, timer: Timer) -> None:
        self.page, self.timer = _new_page(browser, f"{url}/play", timer), timer
        timer.click(self.page, "Start a new game")

    def __call__(self, samples: dict) -> None:
        page = self.page
        for _ in range(3):
            if has_button(page, "Play again with the same settings"):
                self.timer.click(page, "Play again with the same settings")
                continue
            if has_button(page, STAKE):
                samples["practice table: a move"].append(self.timer.click(page, STAKE))
                return
            for name in MOVE_ON:
                if has_button(page, name):
                    took = self.timer.click(page, name)
                    samples["practice table: a move"].append(took)
                    samples["practice table: Next move" if name == "Next move" else
                            "practice table: your decision"].append(took)
                    return
        raise RuntimeError("the practice table offers none of the moves the benchmark knows")


class Advisor:
    """The Advisor: a 6 then a 5 to your cards (each timed), then Clear all (untimed)."""

    CARDS = (6, 5)

    def __init__(self, browser, url: str, timer: Timer) -> None:
        self.page, self.timer, self.next = _new_page(browser, f"{url}/advisor", timer), timer, 0

    def __call__(self, samples: dict) -> None:
        if self.next == len(self.CARDS):
            self.timer.click(self.page, "Clear all")
            self.next = 0
        rank = self.CARDS[self.next]
        samples["advisor: a card"].append(self.timer.click(self.page, re.compile(rf"^{rank} · \d+ left$")))
        self.next += 1


class AdvisorNew:
    """The Advisor on a position it has not been asked before: Clear all and a first card (untimed), then a
    second card (timed), each time another pair of numbers (never 5 and 6, which the other task asks)."""

    PAIRS = [pair for pair in itertools.combinations_with_replacement(range(1, 13), 2) if pair != (5, 6)]

    def __init__(self, browser, url: str, timer: Timer) -> None:
        self.page, self.timer = _new_page(browser, f"{url}/advisor", timer), timer
        self.pairs = itertools.cycle(random.Random(12).sample(self.PAIRS, len(self.PAIRS)))
        self.cards = False

    def __call__(self, samples: dict) -> None:
        first, second = next(self.pairs)
        if self.cards:
            self.timer.click(self.page, "Clear all")
        self.cards = True
        self.timer.click(self.page, re.compile(rf"^{first} · \d+ left$"))
        samples["advisor: a card, new position"].append(
            self.timer.click(self.page, re.compile(rf"^{second} · \d+ left$")))


class Lessons:
    """The lessons: Next to the last step, then Back to the first, each click timed."""

    def __init__(self, browser, url: str, timer: Timer) -> None:
        self.page, self.timer, self.forward = _new_page(browser, f"{url}/lessons", timer), timer, True

    def __call__(self, samples: dict) -> None:
        page = self.page
        if self.forward and page.get_by_role("button", name="Next", exact=True).is_disabled():
            self.forward = False
        elif not self.forward and page.get_by_role("button", name="Back", exact=True).is_disabled():
            self.forward = True
        name = "Next" if self.forward else "Back"
        samples[f"lesson: {name}"].append(self.timer.click(page, name))


class Floor:
    """The one-button app's button (or a reference app's: its row and the button it presses)."""

    def __init__(self, browser, url: str, timer: Timer, row: str = "floor: a click", button: str = "Press me") -> None:
        self.page, self.timer, self.row, self.button = _new_page(browser, url, timer), timer, row, button

    def __call__(self, samples: dict) -> None:
        samples[self.row].append(self.timer.click(self.page, self.button))


class Loads:
    """Page loads, each a new session in one browser context (its HTTP cache warm after the first)."""

    def __init__(self, browser, targets: dict[str, str], timer: Timer) -> None:
        self.page, self.timer, self.targets = _new_page(browser, next(iter(targets.values())), timer), timer, targets

    def __call__(self, samples: dict) -> None:
        for name, url in self.targets.items():
            samples[name].append(self.timer.load(self.page, url))


def app_loads(browser, app: str, timer: Timer) -> Loads:
    return Loads(browser, {"load: Home": f"{app}/", "load: Lessons": f"{app}/lessons", "load: Play": f"{app}/play",
                           "load: Advisor": f"{app}/advisor"}, timer)


# --- the report --------------------------------------------------------------------------------------------

#: the goals (issue 21, item 12): a table move and an Advisor card within 1.5x the lean table's move (timed in the
#: same run; with --only table or advisor, too), a lesson's step within 2x the floor's click, a page load within 2x
#: the floor's load
LEAN = REFERENCE_ROWS["lean_table"][0]
TABLE_GOAL, STEP_GOAL, LOAD_GOAL = 1.5, 2.0, 2.0
#: (row, what it is measured against, the goal): against the floor's click or load unless the row names another
ROWS = [("practice table: a move", LEAN, TABLE_GOAL), ("practice table: Next move", LEAN, TABLE_GOAL),
        ("practice table: your decision", LEAN, TABLE_GOAL), ("advisor: a card", LEAN, TABLE_GOAL),
        ("advisor: a card, new position", LEAN, TABLE_GOAL),
        ("lesson: Next", "floor: a click", STEP_GOAL), ("lesson: Back", "floor: a click", STEP_GOAL),
        ("floor: a click", None, None),
        *((row, "floor: a click", None) for row, _ in REFERENCE_ROWS.values()),
        *((f"load: {page}", "load: floor app", LOAD_GOAL) for page in ("Home", "Lessons", "Play", "Advisor")),
        ("load: floor app", None, None), ("load: floor app with widgets", "", None),
        ("load: floor app at a page's address", "", None)]


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10, method="inclusive")[-1] if len(values) > 1 else values[0]


def report(samples: dict[str, list[Sample]]) -> None:
    """A Markdown table of `samples` (the floor's included)."""
    print("| interaction | n | median | p90 | against | goal | met | server done (median) |")
    print("|---|---|---|---|---|---|---|---|")
    for name, floor, limit in ROWS:
        if not samples.get(name):
            continue
        values = [sample.settled for sample in samples[name]]
        median = statistics.median(values)
        if floor is None:
            ratio, goal, met = "(the floor)", "", ""
        elif not floor or not samples.get(floor):
            ratio, goal, met = "(for comparison)", "", ""
        else:
            times = median / statistics.median(sample.settled for sample in samples[floor])
            against = "the lean table" if floor == LEAN else "the floor"
            ratio = f"{times:.2f}x {against}"
            goal, met = (f"{limit}x", "yes" if times <= limit else "no") if limit else ("(for comparison)", "")
        finished = statistics.median(sample.finished for sample in samples[name])
        print(f"| {name} | {len(values)} | {median:.0f} ms | {p90(values):.0f} ms | {ratio} | {goal} | {met} "
              f"| {finished:.0f} ms |")


#: the app's clicks that --only times
ONLY = {"table": (Play,), "advisor": (Advisor,), "lesson": (Lessons,)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=20, help="timed rounds (two of each click, one of each load)")
    parser.add_argument("--warmup", type=int, default=2, help="rounds before those, not counted")
    parser.add_argument("--quiet", type=int, default=400, help="ms without a DOM change or message: settled")
    parser.add_argument("--compare", type=Path, metavar="FOLDER",
                        help="another checkout of the app (an earlier commit, say, from git archive) timed in the "
                             "same rounds, so that both meet the same load on a shared machine")
    parser.add_argument("--only", choices=list(ONLY),
                        help="time nothing but the floor's click and one of the app's: the practice table's move, "
                             "the Advisor's card or the lesson's Next and Back (two or three pages in the browser, "
                             "not fifteen: each open page costs the others a little)")
    args = parser.parse_args()
    timer = Timer(args.quiet)
    with ExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="quitlok-bench-")))
        (folder / "one_button.py").write_text(FLOOR_APP, encoding="utf-8")
        (folder / "widgets.py").write_text(FLOOR_WIDGETS_APP, encoding="utf-8")
        (folder / "pages.py").write_text(FLOOR_PAGES_APP, encoding="utf-8")
        for name, code in REFERENCE_APPS.items():
            (folder / f"{name}.py").write_text(code, encoding="utf-8")
        env = {**os.environ, "QUITLOK_DATABASE_URL": f"sqlite:///{folder / 'rooms.sqlite3'}"}
        checkouts = {"this checkout": ROOT} | ({str(args.compare): args.compare.resolve()} if args.compare else {})
        apps = {name: stack.enter_context(serve("tutorial_app.py", env, where))[0] for name, where in checkouts.items()}
        floor = stack.enter_context(serve(str(folder / "one_button.py"), env))[0]
        widgets = stack.enter_context(serve(str(folder / "widgets.py"), env))[0]
        two_pages = stack.enter_context(serve(str(folder / "pages.py"), env))[0]
        # the reference apps import the card pictures from this checkout
        references = {name: stack.enter_context(serve(str(folder / f"{name}.py"), env | {"PYTHONPATH": str(ROOT)}))[0]
                      for name in REFERENCE_APPS}
        playwright = stack.enter_context(sync_playwright())
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        stack.callback(browser.close)
        started = time.perf_counter()
        only = args.only is not None
        floor_clicks = [Floor(browser, floor, timer)] + [
            Floor(browser, references[name], timer, *REFERENCE_ROWS[name]) for name in REFERENCE_APPS
            if not only or (name == "lean_table" and args.only in ("table", "advisor"))]
        floor_load = (lambda counted: None) if only else \
            Loads(browser, {"load: floor app": floor, "load: floor app with widgets": widgets,
                           "load: floor app at a page's address": f"{two_pages}/second"}, timer)
        clicks = {name: [task(browser, url, timer) for task in ONLY.get(args.only, (Play, Advisor, Lessons))]
                  for name, url in apps.items()}
        once = {name: [] if only else [AdvisorNew(browser, url, timer), app_loads(browser, url, timer)]
                for name, url in apps.items()}
        samples: dict[str, dict[str, list[Sample]]] = {name: defaultdict(list) for name in [*apps, "floor"]}
        for round_ in range(args.warmup + args.rounds):
            counted = samples if round_ >= args.warmup else {name: defaultdict(list) for name in samples}
            for _ in range(2):  # two of each click a round, one new position, one of each load
                for task in floor_clicks:
                    task(counted["floor"])
                for name in apps:
                    for task in clicks[name]:
                        task(counted[name])
                if _ == 0:
                    floor_load(counted["floor"])
                    for name in apps:
                        for task in once[name]:
                            task(counted[name])
        print(f"{args.rounds} rounds after {args.warmup} to warm up, {time.perf_counter() - started:.0f} s; "
              f"settled: {args.quiet} ms without a change; {os.cpu_count()} cores, load average "
              f"{os.getloadavg()[0]:.2f} at the end")
        for name in apps:
            if len(apps) > 1:
                print(f"\n{name}:\n")
            report(samples[name] | samples["floor"])


if __name__ == "__main__":
    main()
