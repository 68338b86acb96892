"""Browser tests: the real app served by `streamlit run`, driven in Debian's headless Chromium.

As in Streamlit's own e2e suite: start the server on a free port, poll
/_stcore/health, and after every navigation or click wait until the script
has finished running before reading the page.
"""

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager

import pytest
from playwright.sync_api import Page, sync_playwright

from tests.conftest import ROOT

CHROMIUM = os.environ.get("QUITLOK_CHROMIUM", "/usr/bin/chromium")
#: the last three keep every page's timers running at full speed: several people's pages are open at once, and
#: Chromium would otherwise slow the timers of the pages not in front (the rooms' once-a-second follow-up)
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run", "--disable-sync",
                  "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                  "--disable-backgrounding-occluded-windows"]
IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"
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
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser) -> Page:
    context = browser.new_context(viewport={"width": 1400, "height": 1800})
    yield context.new_page()
    context.close()


def wait_for_app(page: Page) -> None:
    """Wait until the script run that the last action started has finished."""
    page.wait_for_timeout(300)
    page.wait_for_selector(IDLE, timeout=30_000)


def open_app(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(IDLE, timeout=60_000)
    page.wait_for_timeout(500)
    page.wait_for_selector(IDLE, timeout=30_000)


def click(page: Page, name: str, exact: bool = True) -> None:
    page.get_by_role("button", name=name, exact=exact).first.click()
    wait_for_app(page)


def has_button(page: Page, name: str, exact: bool = True) -> bool:
    return page.get_by_role("button", name=name, exact=exact).count() > 0
