"""Names are text in the real browser, and no page loads anything from outside the app (issue 21, item 11).

A room is played to its end and a class session goes through a question, every person and pupil named as
Markdown, HTML and Streamlit's own syntax would read it (an image from another address, a link, a colour).
Every network request that any of the pages makes is recorded (page.on("request")): none may go anywhere but
the app's own server. Each name must show as written, and the pages hold no image but the app's own.
"""

import time
import urllib.parse

import pytest
from playwright.sync_api import Page, expect

from quitlok.actions import Bet, Keep, KeepBank, StakeBank, Stand, Stay
from quitlok.classroom.store import Classes
from quitlok.rooms import Rooms
from tests.e2e.conftest import open_app, serve, sqlite_url, wait_for_app

pytestmark = pytest.mark.e2e

#: how long a page may take to follow a room or a class on a busy machine
FOLLOW = 30_000
#: names of 1 to 20 characters that Markdown, Streamlit or HTML would read as something else
NAMES = ["![](//127.1:9/b)", "**:red[RUDE]**", "<img src=//1.2/x>", "[a](//127.1:9/l)", "**bold**"]
#: the moves the store plays for each seat, the first legal one in this order (a game that ends soon)
PREFERRED = (StakeBank, Bet, Stand, KeepBank, Keep, Stay)


#: invisible characters of the page's words: the word joiner and the directional isolates round each name
UNSEEN = dict.fromkeys(map(ord, "\u2060\u2066\u2067\u2068\u2069"))


def words(page: Page) -> str:
    """The page's words as a reader sees them (the invisible isolates and word joiners left out)."""
    return page.get_by_test_id("stMain").inner_text().translate(UNSEEN)


def wait_for_words(page: Page, text: str) -> None:
    """Wait until the page's words (as a reader sees them) hold `text`."""
    end = time.monotonic() + FOLLOW / 1000
    while text not in words(page):
        if time.monotonic() > end:
            pytest.fail(f"waited for {text!r} on {page.url}: {words(page)}")
        page.wait_for_timeout(200)


def kept_key(page: Page, entry: str) -> str | None:
    """The key this browser keeps for a room or class (`room:CODE`, `class:CODE`: quitlok.ui.seat_keys), never
    in the address."""
    keys = page.evaluate("() => JSON.parse(localStorage.getItem('quitlok.seats') || '{}')")
    return next(iter(keys.get(entry, [])), None)


def query_value(page: Page, key: str) -> str | None:
    return next(iter(urllib.parse.parse_qs(urllib.parse.urlparse(page.url).query).get(key, [])), None)


def only_own_images(page: Page) -> None:
    """Every <img> on the page is the app's own (a data: picture, or the app's static files), no element
    carries an event handler, and no link goes to an address a name gave."""
    sources = page.locator("img").evaluate_all("els => els.map(e => e.getAttribute('src'))")
    origin = page.url.split("/", 3)[:3]
    assert all(s.startswith("data:") or s.startswith("/") and not s.startswith("//") or s.split("/", 3)[:3] == origin
               for s in sources), sources
    assert not page.locator("[onerror], a[href*='127.1'], img[src*='127.1'], img[src*='1.2/x']").count()


def move(view):
    return next((a for kind in PREFERRED for a in view.legal if isinstance(a, kind)), view.legal[0])


@pytest.fixture
def server(tmp_path):
    url = sqlite_url(tmp_path / "quitlok.sqlite3")
    with serve(url) as app:
        yield app, url


def test_a_room_and_a_class_with_markup_names_show_them_as_text_and_load_nothing_from_outside(browser, server):
    app, database = server
    requests: list[str] = []
    contexts = [browser.new_context(viewport={"width": 1300, "height": 1600}) for _ in range(2)]  # two devices
    for context in contexts:
        context.on("request", lambda request: requests.append(request.url))
    host, guest = (context.new_page() for context in contexts)
    rooms, classes = Rooms(database), Classes(database)
    try:
        # --- a room: the host and a guest in the browser, three more seated through the store ---------------
        open_app(host, f"{app}/together")
        host.locator(".st-key-together-host_name input").fill(NAMES[0])
        for field, value in (("chips", "2"), ("bank", "1")):  # a game that ends after a few hands
            host.locator(f".st-key-together-{field} input").fill(value)
            host.locator(f".st-key-together-{field} input").press("Enter")
            wait_for_app(host)
        host.get_by_role("button", name="Open the room").click()
        wait_for_app(host)
        code = host.locator(".ql-room-code b")
        code.wait_for(timeout=FOLLOW)
        code = code.inner_text().strip()
        open_app(guest, f"{app}/together?room={code}")
        guest.locator(".st-key-together-join_name input").fill(NAMES[1])
        guest.get_by_role("button", name="Sit down").click()
        wait_for_app(guest)
        tokens = {0: kept_key(host, f"room:{code}"), 1: None}
        expect(guest.locator(".ql-room-code b")).to_have_text(code, timeout=FOLLOW)
        tokens[1] = kept_key(guest, f"room:{code}")
        for seat, name in enumerate(NAMES[2:], start=2):
            tokens[seat] = rooms.join(code, name).token
        for page in (host, guest):
            wait_for_words(page, NAMES[-1])
            text = words(page)
            assert all(name in text for name in NAMES), text  # the lobby's list of seats, as written
            only_own_images(page)
        host.get_by_role("button", name="Start the game").click()
        wait_for_app(host)
        saw_turn = False
        for _ in range(2000):  # a few hands as a rule; the deal may make it many more
            view = rooms.view(code, tokens[0])
            if view.over:
                break
            if view.to_act == 0 and not saw_turn:  # the host's own turn, on the host's page
                wait_for_words(host, f"Your turn, {NAMES[0]}.")
                only_own_images(host)
                saw_turn = True
            seat_view = rooms.view(code, tokens[view.to_act])
            rooms.act(code, tokens[view.to_act], move(seat_view), version=seat_view.version)
        else:
            pytest.fail("the room's game did not end in 2000 moves")
        for page in (host, guest):
            expect(page.get_by_role("heading", name="The game is over")).to_be_visible(timeout=FOLLOW)
            wait_for_app(page)
            tables = page.locator("[data-testid='stTable']")  # the game's results, and the nights' score
            # the heading comes first in the pushed run: the tables may follow it a moment later (CI saw 0 once)
            expect(tables).to_have_count(2, timeout=FOLLOW)
            for table in tables.all():
                cells = table.locator("tbody tr td:first-child").all_inner_texts()
                assert sorted(c.translate(UNSEEN) for c in cells) == sorted(NAMES)
            assert not page.locator("[data-testid='stTable'] img, [data-testid='stTable'] strong").count()
            assert not page.locator(".stMarkdownColoredText").count(), "no name turns red"
            text = words(page)
            assert all(name in text for name in NAMES), text  # the summary, the table and its log
            assert page.locator(".ql-log bdi").count(), "the log's names are isolated: st.html keeps <bdi>"
            only_own_images(page)

        # --- a class: the teacher and a pupil in the browser, the others through the store --------------------
        teacher, pupil = host, guest
        open_app(teacher, f"{app}/classroom")
        teacher.get_by_role("button", name="Start a session").click()
        wait_for_app(teacher)
        code = teacher.locator(".ql-room-code b")
        code.wait_for(timeout=FOLLOW)
        code = code.inner_text().strip()
        open_app(pupil, f"{app}/classroom?class={code}")
        pupil.locator(".st-key-class-nickname input").fill(NAMES[0])
        pupil.get_by_role("button", name="Join").click()
        wait_for_app(pupil)
        wait_for_words(pupil, f"you are {NAMES[0]}")
        others = [classes.join(code, name) for name in NAMES[1:]]
        expect(teacher.get_by_text(f"{len(NAMES)} students joined")).to_be_visible(timeout=FOLLOW)
        teacher.get_by_text("Show the top five").click()
        wait_for_app(teacher)
        teacher.get_by_role("button", name="Next question").click()
        wait_for_app(teacher)
        key = next(c["value"] for c in contexts[0].cookies() if c["name"] == f"quitlok_class_{code}")
        question = classes.view(code, key).round.question
        right = question.answer if question.slider is None else float(question.answer_percent)
        for other in others:
            classes.answer(code, other.token, right)
        classes.answer(code, kept_key(pupil, f"class:{code}"), right)
        expect(teacher.get_by_text(f"{len(NAMES)} of {len(NAMES)}")).to_be_visible(timeout=FOLLOW)
        teacher.get_by_role("button", name="Reveal the answer").click()
        wait_for_app(teacher)
        for page in (teacher, pupil):
            expect(page.get_by_role("heading", name="Top five")).to_be_visible(timeout=FOLLOW)
            wait_for_app(page)
            tables = page.locator("[data-testid='stTable']")
            cells = tables.locator("th, td").all_inner_texts()
            shown = {c.strip().translate(UNSEEN) for c in cells}
            assert len(shown & set(NAMES)) == 5, cells  # the top five, each as written
            assert not tables.locator("img, strong, a").count()
            assert not page.locator(".stMarkdownColoredText").count()
            only_own_images(page)
        for name in NAMES:  # the teacher's list (open once pupils joined): a row a pupil, with his right answers
            wait_for_words(teacher, f"{name} · 1 right")
        only_own_images(teacher)
    finally:
        rooms.close()
        classes.close()
        for context in contexts:
            context.close()
    origin = app.rstrip("/")
    outside = [url for url in requests if not (url.startswith(origin + "/") or url.startswith(("data:", "blob:")))]
    assert not outside, f"pages asked for addresses outside the app: {outside}"
    assert requests, "the requests were recorded"
