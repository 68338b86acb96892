"""Moves that arrive at once, and a turn that is never missed (issue 23, items 4 and 5), in real browsers.

A move on one phone reaches the other phone though that page's own timers are stopped (the server reruns its
following fragment: quitlok/ui/push.py), and when the turn comes to a phone its tab title says so, its moves
scroll into view, and the title comes back after its move (quitlok/ui/turn_alerts.py).
"""

import re
import time

import pytest
from playwright.sync_api import Page, expect

from quitlok.game import action_label
from quitlok.rules import QUITLOK
from tests.e2e.conftest import IDLE
from tests.e2e.test_together_browser import NEWEST_JS, choose, hold_seat

pytestmark = pytest.mark.e2e

#: a phone's screen
PHONE = {"viewport": {"width": 390, "height": 740}, "is_mobile": True, "has_touch": True}
#: the Play together page's tab title when it is not one's turn (tutorial_app.py), and when it is
APP_TITLE, TURN_TITLE = "Quitlok · learn Kvitlach", "Your turn · Quitlok"
#: the switch for a tone on one's turn
SOUND = "Play a sound when it is my turn"
#: note the id of every interval timer the page starts (Streamlit's fragment timers), to stop them
KEEP_INTERVALS_JS = """window.quitlokIntervals = [];
const setIntervalFirst = window.setInterval;
window.setInterval = (run, ms, ...rest) => {
    const id = setIntervalFirst(run, ms, ...rest);
    window.quitlokIntervals.push(id);
    return id;
};"""
#: well under the safety-net timer (push.FALLBACK, 30 s) and the watchdog (push.STALLED, 65 s)
PUSHED_WITHIN = 8_000


@pytest.fixture
def phones(browser):
    contexts = []

    def phone() -> Page:
        contexts.append(browser.new_context(**PHONE))
        page = contexts[-1].new_page()
        page.add_init_script(KEEP_INTERVALS_JS)
        return page

    yield phone
    for context in contexts:
        context.close()


def sit(page: Page, url: str, code: str, token: str) -> None:
    """This phone holds the seat's key as the phone that sat down does (its storage), and opens the room."""
    hold_seat(page, url, code, token)
    expect(page.get_by_role("switch", name=SOUND)).to_be_visible(timeout=60_000)  # the seat's page, not an onlooker's
    page.wait_for_selector("#together-log", timeout=60_000)
    page.wait_for_selector(IDLE, timeout=60_000)


def stop_timers(page: Page) -> None:
    """Stop the page's interval timers (Streamlit's fragment timer among them): it can no longer ask by itself."""
    page.evaluate("() => { for (const id of window.quitlokIntervals) clearInterval(id); }")


def in_view(page: Page, selector: str) -> bool:
    return page.evaluate("""selector => {
        const box = document.querySelector(selector)?.getBoundingClientRect();
        return Boolean(box) && box.top >= 0 && box.top < window.innerHeight;
    }""", selector)


def test_a_move_reaches_the_other_phone_without_its_own_timer_and_the_turn_is_announced(phones, app_url, rooms):
    host = rooms.create(QUITLOK, host="Ann", bank=10, purses=20, choose_stake=False)
    dov = rooms.join(host.code, "Dov")
    rooms.start(host.code, host.token, seed=3)
    seats = {0: host, 1: dov}
    pages = {seat: phones() for seat in seats}
    for seat, page in pages.items():
        sit(page, app_url, host.code, seats[seat].token)
    sound = pages[1].get_by_role("switch", name=SOUND)
    sound.check(force=True)  # Dov wants a tone; the server's own runs of his page change no widget of it
    expect(sound).to_be_checked()
    pages[1].wait_for_selector(IDLE)
    for page in pages.values():
        stop_timers(page)
    turns_seen = 0
    for _ in range(8):  # a few moves, each made on the phone whose turn it is
        view = rooms.view(host.code, host.token)
        if view.over:
            break
        mover, other = pages[view.to_act], pages[1 - view.to_act]
        expect(mover).to_have_title(TURN_TITLE, timeout=PUSHED_WITHIN)
        expect(other).to_have_title(APP_TITLE, timeout=PUSHED_WITHIN)
        other.evaluate("() => window.scrollTo(0, 0)")  # the other phone's moves are out of view, far below
        seen = other.evaluate(NEWEST_JS)
        mine = rooms.view(host.code, seats[view.to_act].token)
        labels = [action_label(mine.state, action) for action in mine.legal]
        wanted = choose(labels, bet_made=mine.stakes[mine.seat] > 0)
        mover.get_by_role("button", name=wanted, exact=True).click()
        started = time.monotonic()
        end = started + PUSHED_WITHIN / 1000
        while rooms.version(host.code) == view.version:
            assert time.monotonic() < end, "the move was made"
            time.sleep(0.02)
        while (newest := other.evaluate(NEWEST_JS)) in (None, seen):
            assert time.monotonic() < end, "the other phone shows the move, with its own timers stopped"
            time.sleep(0.02)
        assert newest
        if rooms.view(host.code, host.token).to_act == 1 - view.to_act:  # the turn came to the other phone
            expect(other).to_have_title(TURN_TITLE, timeout=PUSHED_WITHIN)
            while not in_view(other, "#your-move"):
                assert time.monotonic() < end + 3, "the moves came into view by themselves"
                time.sleep(0.05)
            turns_seen += 1
    assert turns_seen, "the turn passed from one phone to the other"
    expect(sound).to_be_checked()


#: how long a seated phone is left alone, and the most script runs it may make meanwhile: its heartbeat every
#: 5 s (pages/together.py HEARTBEAT), the safety net's look (push.FALLBACK), and room to spare; a rerun loop
#: makes several a second
LEFT_ALONE_S = 20
MOST_RUNS_ALONE = 2 * LEFT_ALONE_S // 5 + 2


def runs(page: Page) -> int:
    """The page's script runs so far, those that ended in a rerun of their own included (tests/e2e/conftest.py)."""
    return page.evaluate("window.__quitlokAllRuns")


def test_a_seated_phone_left_alone_settles(phones, app_url, rooms):
    """Two phones seated at one table, nobody moving: each page settles (the heartbeat's look every few seconds,
    no endless reruns of the page). On a loaded machine a page once stayed "running" for good, its last run's end
    lost: a fragment run pushed by the server at the moment its run ended (quitlok/ui/internals.py, rerun_fragment;
    that case is tests/app/test_internals.py's, since it needs the machine to be slow at the right moment)."""
    host = rooms.create(QUITLOK, host="Ann", bank=10, purses=20, choose_stake=False)
    dov = rooms.join(host.code, "Dov")
    rooms.start(host.code, host.token, seed=3)
    pages = [phones(), phones()]
    for page, seat in zip(pages, (host, dov), strict=True):
        sit(page, app_url, host.code, seat.token)
    for page in pages:  # both seats seen here by both pages (the presence drawn settles first)
        expect(page.get_by_text(re.compile(r"Dov\W*: here"))).to_be_visible(timeout=30_000)
        expect(page.get_by_text(re.compile(r"Ann\W*\(host\): here"))).to_be_visible(timeout=30_000)
    before = [runs(page) for page in pages]
    pages[0].wait_for_timeout(LEFT_ALONE_S * 1000)
    made = [runs(page) - start for page, start in zip(pages, before, strict=True)]
    print("runs while left alone:", made)
    assert max(made) <= MOST_RUNS_ALONE, f"a page left alone for {LEFT_ALONE_S} s ran {made} times"
    for page in pages:
        page.wait_for_selector(IDLE, timeout=10_000)  # and it is not running now
