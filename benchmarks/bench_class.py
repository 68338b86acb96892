"""A class on one app server: a projector and 30 pupils' phones (issue 24, item 9).

Run: nice -n 10 python benchmarks/bench_class.py [--phones 30] [--questions 5] [--idle 60] [--app FOLDER]

A real server (`streamlit run tutorial_app.py`, its database a temporary SQLite file) and --phones + 2 real
Streamlit WebSocket clients (the browser's protocol, in Python, drawing nothing: a busy two-core machine's
Chromium drawing 31 pages would weigh on the figure more than the server does; see bench_rooms.py). Each
client honours the server's fragment timers (`auto_rerun`) as a browser does, so an idle class costs what it
would with real phones.

- The teacher starts a session through the store (the teacher's key is given to the teacher's device as the
  cookie the page keeps it in); the projector opens the session's projected screen (?screen=projector, no key),
  which follows the session once a second.
- Each phone opens the Class session page with the class code in the address, types a nickname and presses
  Join, as a pupil does.
- --questions times: the teacher's device presses "Next question"; the time from the press (the message
  leaving the teacher's client) to the end of each phone's first run that shows the question's heading
  ("Question n: ..."): a whole-page run, or a run of the pupil's part alone (the server's push reruns it). Each
  phone then answers (its Send button), and the teacher presses "Reveal the answer": the time to each phone's
  first run that shows the exact answer. Printed: median, p95 and the
  slowest over every phone and question, and the 30th phone's (the last to show it) median and p95.
- Then the class waits on an open question for --idle seconds: the server's CPU time (a share of one core)
  and its resident memory (VmRSS, and VmHWM, its peak).

Print `uptime` beside the figures: the machine is shared.
"""

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
if "--app" in sys.argv:
    sys.path.insert(0, str(Path(sys.argv[sys.argv.index("--app") + 1]).resolve()))

from quitlok import QUITLOK  # noqa: E402
from quitlok.classroom.store import Classes  # noqa: E402

NEXT, REVEAL, JOIN, SEND = "Next question", "Reveal the answer", "Join", "Send my answer"
NICKNAME = "Your nickname"
#: the most a client waits for a page to show what it should, in seconds
PATIENCE = 60.0


class Client:
    """One Streamlit WebSocket client on the Class session page: it notes, for every run, the buttons, text
    fields, radios and sliders drawn and the texts of headings and alerts, and when each whole-page run ended;
    it reruns a fragment when the server's timer (auto_rerun) says to, as the browser does."""

    def __init__(self, url: str, code: str, cookie: str | None = None, query: str = "") -> None:
        self.url = url.replace("http", "ws", 1) + "/_stcore/stream"
        self.query, self.cookie = f"class={code}{query}", cookie
        self.widgets: dict[str, tuple[str, str]] = {}  # label -> (id, kind)
        self.texts: list[str] = []  # of the run under way
        #: (when a run finished, a whole page's or a fragment's, and its texts)
        self.runs: list[tuple[float, tuple[str, ...]]] = []
        self.page_hash = ""
        self.timers: dict[str, asyncio.Task] = {}
        self.socket = None

    async def open(self) -> None:
        import websockets

        headers = {"Cookie": self.cookie} if self.cookie else None
        self.socket = await websockets.connect(self.url, subprotocols=["streamlit"], max_size=None,
                                               additional_headers=headers)
        self.reader = asyncio.create_task(self.read())
        await self.rerun()

    async def rerun(self, trigger: str | None = None, values: dict[str, object] | None = None,
                    fragment: str | None = None) -> float:
        """Ask for a run: pressing the button labelled `trigger`, with `values` for widgets by label (or the run
        of `fragment`, as its timer would); the moment the message left."""
        from streamlit.proto.BackMsg_pb2 import BackMsg

        message = BackMsg()
        message.rerun_script.query_string = self.query
        message.rerun_script.page_name = "classroom"
        message.rerun_script.page_script_hash = self.page_hash
        if fragment:
            message.rerun_script.fragment_id = fragment
            message.rerun_script.is_auto_rerun = True
        for label, value in (values or {}).items():
            widget = message.rerun_script.widget_states.widgets.add()
            widget.id = self.widgets[label][0]
            if isinstance(value, str):
                widget.string_value = value
            elif self.widgets[label][1] == "slider":
                widget.double_array_value.data.append(value)
            else:
                widget.int_value = value
        if trigger:
            widget = message.rerun_script.widget_states.widgets.add()
            widget.id, widget.trigger_value = self.widgets[trigger][0], True
        sent = time.perf_counter()
        await self.socket.send(message.SerializeToString())
        return sent

    async def read(self) -> None:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        async for data in self.socket:
            message = ForwardMsg()
            message.ParseFromString(data)
            kind = message.WhichOneof("type")
            if kind == "new_session":
                self.page_hash = message.new_session.page_script_hash or self.page_hash
            elif kind == "navigation":  # the page run (st.navigation), not the app's script
                self.page_hash = message.navigation.page_script_hash or self.page_hash
            elif kind == "delta" and message.delta.WhichOneof("type") == "new_element":
                self.element(message.delta.new_element)
            elif kind == "auto_rerun":
                self.timer(message.auto_rerun.fragment_id, message.auto_rerun.interval)
            elif kind == "script_finished" and message.script_finished in (
                    ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY):
                self.runs.append((time.perf_counter(), tuple(self.texts)))
                self.texts = []

    def element(self, element) -> None:
        kind = element.WhichOneof("type")
        if kind in ("button", "text_input", "radio", "slider"):
            widget = getattr(element, kind)
            self.widgets[widget.label] = (widget.id, kind)
        elif kind == "heading":
            self.texts.append(element.heading.body)
        elif kind == "alert":
            self.texts.append(element.alert.body)

    def timer(self, fragment: str, interval: float) -> None:
        """The browser reruns `fragment` every `interval` seconds until the page is left."""
        if fragment in self.timers:
            self.timers[fragment].cancel()

        async def tick() -> None:
            while True:
                await asyncio.sleep(interval)
                await self.rerun(fragment=fragment)

        self.timers[fragment] = asyncio.create_task(tick())

    async def shown(self, after: float, text: str) -> float | None:
        """When the first run (a whole page's or a fragment's) finished after `after` showed a text holding `text`."""
        end = time.monotonic() + PATIENCE
        while time.monotonic() < end:
            for moment, texts in self.runs:
                if moment >= after and any(text in t for t in texts):
                    return moment
            await asyncio.sleep(0.005)
        return None

    async def has(self, label: str) -> None:
        end = time.monotonic() + PATIENCE
        while label not in self.widgets:
            if time.monotonic() > end:
                raise RuntimeError(f"no {label!r} on the page")
            await asyncio.sleep(0.02)

    async def close(self) -> None:
        for task in self.timers.values():
            task.cancel()
        await self.socket.close()


def p(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory_mb(pid: int) -> tuple[float, float]:
    """The process's resident memory now and at its peak, in MB."""
    status = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines())
    return (int(status["VmRSS"].split()[0]) / 1024, int(status["VmHWM"].split()[0]) / 1024)


def summary(name: str, delays: list[list[float]], misses: int) -> str:
    every = [d for question in delays for d in question]
    last = [max(question) for question in delays if question]
    return (f"  {name}: every phone median {p(every, 50) * 1000:.0f} ms, p95 {p(every, 95) * 1000:.0f} ms, "
            f"slowest {max(every) * 1000:.0f} ms; the last phone of each question median "
            f"{p(last, 50) * 1000:.0f} ms, p95 {p(last, 95) * 1000:.0f} ms ({len(every)} phone-questions, "
            f"{misses} not shown within {PATIENCE:.0f} s)")


async def measure(args, url: str, database: str, pid: int) -> None:
    classes = Classes(database)
    teacher = classes.create(QUITLOK, seed=2024)
    projector = Client(url, teacher.code, cookie=f"quitlok_class_{teacher.code}={teacher.token}")  # the teacher's
    await projector.open()
    await projector.has(NEXT)
    screen = Client(url, teacher.code, query="&screen=projector")  # the projected screen
    await screen.open()
    phones = [Client(url, teacher.code) for _ in range(args.phones)]
    for phone in phones:
        await phone.open()
    for k, phone in enumerate(phones):
        await phone.has(JOIN)
        await phone.rerun(trigger=JOIN, values={NICKNAME: f"Pupil {k + 1}"})
    end = time.monotonic() + PATIENCE
    while classes.pulse(teacher.code).joined < args.phones and time.monotonic() < end:
        await asyncio.sleep(0.1)
    joined = classes.pulse(teacher.code).joined
    print(f"  {joined} of {args.phones} phones joined")
    await asyncio.sleep(3)
    rng = random.Random(1)
    asked, revealed = [], []
    misses = [0, 0]
    for n in range(1, args.questions + 1):
        await projector.has(NEXT)
        pressed = await projector.rerun(trigger=NEXT)
        times = await asyncio.gather(*(phone.shown(pressed, f"Question {n}:") for phone in phones))
        asked.append([t - pressed for t in times if t is not None])
        misses[0] += sum(t is None for t in times)
        for phone in phones:  # each phone answers, as a pupil would
            await phone.has(SEND)
            radio = next((label for label, (_, kind) in phone.widgets.items() if kind in ("radio", "slider")
                          and label.startswith("Your")), None)
            value = rng.randrange(2) if phone.widgets[radio][1] == "radio" else rng.randrange(101)
            await phone.rerun(trigger=SEND, values={radio: value})
        await asyncio.sleep(2)
        await projector.has(REVEAL)
        pressed = await projector.rerun(trigger=REVEAL)
        times = await asyncio.gather(*(phone.shown(pressed, "The exact answer") for phone in phones))
        revealed.append([t - pressed for t in times if t is not None])
        misses[1] += sum(t is None for t in times)
        await asyncio.sleep(1)
    await projector.has(NEXT)
    await projector.rerun(trigger=NEXT)  # the class waits on an open question
    await asyncio.sleep(5)
    cpu, started = cpu_seconds(pid), time.perf_counter()
    await asyncio.sleep(args.idle)
    cpu, wall = cpu_seconds(pid) - cpu, time.perf_counter() - started
    rss, peak = memory_mb(pid)
    for client in (projector, screen, *phones):
        await client.close()
    classes.close()
    print(summary("the teacher's press to the question on the phones", asked, misses[0]))
    print(summary("the teacher's reveal to the exact answer on the phones", revealed, misses[1]))
    print(f"  idle, {args.phones} phones, the teacher's device and the projector waiting {wall:.0f} s: "
          f"server CPU {100 * cpu / wall:.2f}% "
          f"of a core; resident memory {rss:.0f} MB (peak {peak:.0f} MB)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=30)
    parser.add_argument("--questions", type=int, default=5)
    parser.add_argument("--idle", type=float, default=60)
    parser.add_argument("--app", type=Path, default=ROOT, help="the checkout served (this one)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_clicks import serve

    print("uptime:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    with tempfile.TemporaryDirectory(prefix="quitlok-class-") as folder:
        database = f"sqlite:///{folder}/rooms.sqlite3"
        env = {**os.environ, "QUITLOK_DATABASE_URL": database}
        with serve("tutorial_app.py", env, args.app) as (url, server):
            print(f"1 app server, SQLite: the teacher's device, a projector and {args.phones} phones, "
                  f"{args.questions} questions (served from {args.app}); each a Streamlit WebSocket client in this "
                  "process (the browser's protocol, nothing drawn: phones are devices of their own)")
            asyncio.run(measure(args, url, database, server.pid))
    print("uptime:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())


if __name__ == "__main__":
    main()
