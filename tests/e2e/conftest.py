"""Browser tests: the real app served by `streamlit run`, driven in Debian's headless Chromium.

As in Streamlit's own e2e suite: start the server on a free port, poll
/_stcore/health, and after every navigation or click wait until the script
has finished running before reading the page.
"""

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager, suppress

import pytest
from playwright.sync_api import Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from quitlok.rooms import Rooms
from tests.conftest import ROOT

CHROMIUM = os.environ.get("QUITLOK_CHROMIUM", "/usr/bin/chromium")
#: the last three keep every page's timers running at full speed: several people's pages are open at once, and
#: Chromium would otherwise slow the timers of the pages not in front (the rooms' once-a-second follow-up)
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run", "--disable-sync",
                  "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                  "--disable-backgrounding-occluded-windows"]
IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
#: installed in every page of the session's browser before the app's own scripts: counts the script runs the
#: server has said it finished (a ForwardMsg whose field 6, script_finished, is not 2, "finished early for a
#: rerun"; __quitlokAllRuns counts those too: a page that reruns itself without end), read off the WebSocket,
#: so that a wait after a click waits for a run that ended after it rather than for a fixed pause (stApp's
#: data-test-script-state is no sign: React may never draw a quick run's "running")
RUN_COUNTER = """
(() => {
  window.__quitlokRuns = 0;
  window.__quitlokAllRuns = 0;
  window.__quitlokSeen = 0;
  const varint = (b, at) => {
    let value = 0, shift = 0, x;
    do { x = b[at.i++]; value += (x & 0x7f) * 2 ** shift; shift += 7; } while (x & 0x80);
    return value;
  };
  const finished = (buffer) => {
    const b = new Uint8Array(buffer), at = {i: 0};
    while (at.i < b.length) {
      const key = varint(b, at), field = Math.floor(key / 8), wire = key % 8;
      if (wire === 0) {
        const value = varint(b, at);
        if (field === 6) { window.__quitlokAllRuns += 1; return value !== 2; }
      }
      else if (wire === 2) { const length = varint(b, at); at.i += length; }
      else if (wire === 1) at.i += 8;
      else if (wire === 5) at.i += 4;
      else return false;
    }
    return false;
  };
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        if (event.data instanceof ArrayBuffer && finished(event.data)) window.__quitlokRuns += 1;
      });
    }
  };
})();
"""
#: the longest a wait looks for a run to end before it takes the action to have started none (as a pause did)
NO_RUN_MS = 300
#: the longest a wait after a button's press looks for the run it started to end, before it carries on as if
#: no run had started (a busy machine may start the run late)
BUTTON_MS = 5_000
#: the pytest-xdist group (--dist loadgroup) of every browser test: they run one after another on one worker
BROWSER_GROUP = "browser"


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the group into the test's id
def pytest_collection_modifyitems(config, items):
    """Every test in this folder goes to one pytest-xdist worker, one after another, while the other workers run
    the rest: their timings (eight learners or thirty phones at once, a server restarted under an open page)
    assume one browser and one app server at a time, and two Chromiums on two cores would only wait for each
    other. The session's server and browser (app_url, browser) are then started once."""
    here = os.path.dirname(__file__)
    for item in items:
        if os.path.dirname(str(item.path)) == here:
            item.add_marker(pytest.mark.xdist_group(BROWSER_GROUP))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def sqlite_url(path: str | os.PathLike) -> str:
    """The database URL of a SQLite file, as QUITLOK_DATABASE_URL takes it."""
    return f"sqlite:///{os.path.abspath(path)}"


@contextmanager
def serve(database_url: str | None = None):
    """`streamlit run tutorial_app.py` on a free port; yields its URL once /_stcore/health says ok.

    Its rooms (Play together) are kept in `database_url`: by default a fresh SQLite file of its own, never the
    app's data folder. Two servers given the same URL one after the other share their rooms (a restart)."""
    with tempfile.TemporaryDirectory(prefix="quitlok-rooms-") as folder:
        env = {**os.environ, "QUITLOK_DATABASE_URL": database_url or sqlite_url(os.path.join(folder, "rooms.sqlite3"))}
        with _serve(env) as url:
            yield url


@contextmanager
def _serve(env: dict[str, str]):
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "tutorial_app.py", "--server.headless", "true",
         "--server.port", str(port), "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, env=env,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                if urllib.request.urlopen(f"{url}/_stcore/health", timeout=1).read() == b"ok":
                    break
            except OSError:
                time.sleep(0.5)
        else:
            pytest.fail("streamlit did not start within a minute")
        yield url
    finally:
        server.terminate()
        server.wait(timeout=20)


@pytest.fixture(scope="session")
def rooms_database(tmp_path_factory) -> str:
    """The database URL of the rooms that the session's server (app_url) keeps: tests may open the same store."""
    return sqlite_url(tmp_path_factory.mktemp("rooms") / "rooms.sqlite3")


@pytest.fixture(scope="session")
def app_url(rooms_database):
    with serve(rooms_database) as url:
        yield url


@pytest.fixture
def fresh_app_url():
    """A server of its own, so that its first page loads import everything anew."""
    with serve() as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    assert os.path.exists(CHROMIUM), f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)"
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        new_context = chromium.new_context

        def counting_context(**options):
            context = new_context(**options)
            context.add_init_script(RUN_COUNTER)
            return context

        chromium.new_context = counting_context  # every context a test opens counts its pages' runs
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser) -> Page:
    context = browser.new_context(viewport={"width": 1400, "height": 1800})
    yield context.new_page()
    context.close()


def wait_for_app(page: Page, patience_ms: int = NO_RUN_MS) -> None:
    """Wait until the script run that the last action started has finished: until a run has ended since the
    last wait (or `patience_ms` have passed without one: an action that starts no run; a button's press always
    starts one, so `click` waits longer for it on a busy machine), then until none runs, and once more after a
    breath, for a run that starts another."""
    with suppress(PlaywrightTimeout):
        page.wait_for_function("window.__quitlokRuns > window.__quitlokSeen", timeout=patience_ms, polling=20)
    page.wait_for_selector(IDLE, timeout=30_000)
    page.wait_for_timeout(50)
    page.wait_for_selector(IDLE, timeout=30_000)
    page.evaluate("window.__quitlokSeen = window.__quitlokRuns")


def open_app(page: Page, url: str) -> None:
    """Open `url` and wait until its first runs have ended (a loaded machine, with a stage of browser tests on
    both cores, once took more than 60 s for a room's page that opens in 2 s alone)."""
    page.goto(url)
    page.wait_for_selector(IDLE, timeout=120_000)
    page.wait_for_timeout(500)
    page.wait_for_selector(IDLE, timeout=30_000)
    page.evaluate("window.__quitlokSeen = window.__quitlokRuns")


def click(page: Page, name: str, exact: bool = True) -> None:
    page.get_by_role("button", name=name, exact=exact).first.click()
    wait_for_app(page, BUTTON_MS)


def has_button(page: Page, name: str, exact: bool = True) -> bool:
    return page.get_by_role("button", name=name, exact=exact).count() > 0


# --- shared by the tests of rooms (several people, each in a browser of their own) ---------------------


@pytest.fixture
def rooms(rooms_database):
    """The store the session's server (app_url) keeps its rooms in."""
    store = Rooms(rooms_database)
    yield store
    store.close()


@pytest.fixture
def new_person(browser):
    """A browser of their own for each person (a new context: own storage, own session, own cookies)."""
    contexts = []

    def person() -> Page:
        contexts.append(browser.new_context(viewport={"width": 1300, "height": 1700}))
        return contexts[-1].new_page()

    yield person
    for context in contexts:
        with contextlib.suppress(Exception):  # a context a test closed itself (a person who left)
            context.close()
