"""A server restart under an open page is said, not hidden: a real server stopped and started again on the same
port while the practice table shows a game (quitlok/ui/restarts.py, quitlok/ui/internals.py rerun_on_reconnect)."""

import os
import subprocess
import sys
import time
import urllib.request

import pytest
from playwright.sync_api import Page

from quitlok.lessons import LESSONS
from quitlok.progress import Progress
from quitlok.ui.progress import STORAGE_NAME
from tests.conftest import ROOT
from tests.e2e.conftest import IDLE, _free_port, click, open_app, sqlite_url, wait_for_app


def start_server(port: int, database_url: str) -> subprocess.Popen:
    server = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "tutorial_app.py", "--server.headless", "true",
         "--server.port", str(port), "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false",
         "--server.fileWatcherType", "none"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
        env={**os.environ, "QUITLOK_DATABASE_URL": database_url},
    )
    for _ in range(120):
        try:
            if urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=1).read() == b"ok":
                return server
        except OSError:
            time.sleep(0.5)
    server.terminate()
    pytest.fail("streamlit did not start within a minute")


def stop(server: subprocess.Popen) -> None:
    server.terminate()
    server.wait(timeout=20)


@pytest.fixture
def restartable(tmp_path):
    """A server on a port of its own, and a way to stop it and start it again on the same port."""
    port, database = _free_port(), sqlite_url(tmp_path / "rooms.sqlite3")
    servers = [start_server(port, database)]

    def restart() -> None:
        stop(servers[-1])
        time.sleep(1)  # the page notices the server has gone
        servers.append(start_server(port, database))

    yield f"http://127.0.0.1:{port}", restart
    stop(servers[-1])


def no_traceback(page: Page) -> None:
    assert page.locator("[data-testid='stException']").count() == 0


def test_a_restart_under_a_practice_game_says_the_game_was_lost(page: Page, restartable):
    url, restart = restartable
    open_app(page, f"{url}/play")
    click(page, "Start a new game")
    assert page.locator("#play-log").count() == 1  # the game is on the table
    assert "was lost" not in page.inner_text("body")

    restart()
    # no click: the page reruns by itself once the server is back
    page.get_by_text("The app restarted, and your game was lost.").wait_for(timeout=30_000)
    page.wait_for_selector(IDLE, timeout=30_000)
    assert page.locator("#play-log").count() == 0, "the old table is still on screen"
    no_traceback(page)

    click(page, "Start a new game")  # the way to start again
    assert page.locator("#play-log").count() == 1
    assert "your game was lost" not in page.inner_text("body")
    no_traceback(page)


def test_a_reload_says_the_game_in_progress_is_gone_and_a_new_tab_says_nothing(page: Page, restartable):
    url, _ = restartable
    open_app(page, f"{url}/play")
    click(page, "Start a new game")
    page.reload()
    page.get_by_text("The page was reloaded, so the game in progress is gone.").wait_for(timeout=30_000)
    wait_for_app(page)
    no_traceback(page)
    other = page.context.new_page()  # a tab of its own never had a game
    open_app(other, f"{url}/play")
    assert "game in progress" not in other.inner_text("body")


def test_a_restart_under_a_lesson_keeps_its_step_and_its_buttons_work(page: Page, restartable):
    url, restart = restartable
    open_app(page, f"{url}/lessons")
    click(page, "Next")
    click(page, "Next")
    assert "Step 3 of 12" in page.inner_text("body")
    restart()
    page.wait_for_timeout(5_000)  # the page reruns by itself (the step comes back with its picker's state)
    wait_for_app(page)
    assert "Step 3 of 12" in page.inner_text("body")
    click(page, "Next")  # a click inside the step's fragment is no longer dropped by the new session
    assert "Step 4 of 12" in page.inner_text("body")
    no_traceback(page)


def test_a_restart_keeps_the_progress_saved_in_this_browser(page: Page, restartable):
    """The new session after a restart has no progress of its own yet: it must take up the browser's save, not
    overwrite it with nothing (quitlok/ui/browser.py looks again when the session changes)."""
    url, restart = restartable
    saved = Progress().with_lesson(LESSONS[0].slug, done=True).with_lesson(LESSONS[1].slug, done=True).to_json()
    open_app(page, url)
    page.evaluate("([name, text]) => localStorage.setItem(name, text)", [STORAGE_NAME, saved])
    open_app(page, f"{url}/lessons")
    page.get_by_text("Step 1 of 12 · 2 done").wait_for(timeout=30_000)
    restart()
    page.wait_for_timeout(5_000)  # the page reruns by itself in the new session
    wait_for_app(page)
    assert Progress.from_json(page.evaluate("name => localStorage.getItem(name)", STORAGE_NAME)) == \
        Progress.from_json(saved), "the save in the browser was overwritten"
    page.get_by_text("Step 1 of 12 · 2 done").wait_for(timeout=30_000)
    no_traceback(page)
