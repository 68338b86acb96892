"""Seats are held by devices, not addresses (SPEC section 5), in real browsers, several at once: another seat's
old address on a fresh device gives no seat and no card; a new device asks for a seat and is let in, and the
old one is told; the host leaving hands the game on and it goes on; a player replaced by a computer comes back
to the seat; an onlooker sees no face-down card, in the page's HTML or in any WebSocket frame.

Every browser is a context of its own (its own storage, its own session). A host who leaves is made away by
ageing his page's heartbeats in the database, as a closed page's would age (quitlok.rooms.store.AWAY_SECONDS),
rather than by waiting half a minute.
"""

import re
import time

import pytest
import sqlalchemy as sa
from playwright.sync_api import Page, expect

from quitlok.game import STAKE
from quitlok.rooms import AWAY_SECONDS, Rooms
from quitlok.rooms.database import PRESENCE
from quitlok.rules import QUITLOK
from quitlok.ui.presence import HEARTBEAT
from tests.e2e.conftest import open_app, wait_for_app
from tests.e2e.test_together_browser import (
    BANK,
    CHIPS,
    FOLLOW,
    hold_seat,
    main_text,
    move_in_store,
    no_exception,
    seat_token,
    wait_until,
)
from tests.rooms.helpers import said

pytestmark = pytest.mark.e2e

#: every card drawn on the page: its text alternative and its picture
CARDS_JS = """() => [...document.querySelectorAll('img.ql-card')].map(img => ({
    alt: img.getAttribute('alt'), svg: atob(img.getAttribute('src').split(',')[1])}))"""


def started_room(store: Rooms, people=("Hanna", "Avi"), computers=()) -> list:
    """A room with `people` (the first hosts) and computer players, started and past the first stake."""
    host = store.create(QUITLOK, host=people[0], bank=BANK, purses=CHIPS)
    seats = [host] + [store.join(host.code, name) for name in people[1:]]
    for style in computers:
        store.add_computer(host.code, host.token, style)
    store.start(host.code, host.token, seed=4)
    while (view := store.view(host.code, host.token)).phase == STAKE and view.to_act is not None:
        move_in_store(store, host.code, seats[view.to_act].token)
    return seats


def watched_frames(page: Page) -> list[str]:
    """Every WebSocket frame the page receives from now on, as text (binary frames decoded loosely)."""
    frames: list[str] = []

    def keep(payload) -> None:
        frames.append(payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload)

    page.on("websocket", lambda ws: ws.on("framereceived", keep))
    return frames


def shows_no_face_down_card(page: Page, frames: list[str]) -> None:
    """No card on the page shows a number unless it lies face up; no face-down card's owner mark ("only you")
    reaches the page, in its HTML or in any frame."""
    cards = page.evaluate(CARDS_JS)
    assert cards, "the table is drawn"
    for card in cards:
        if card["alt"].endswith("face down"):
            assert "<text" not in card["svg"], f"a card back shows no number: {card['alt']}"
        assert not card["alt"].startswith("your card"), f"no card is this browser's own: {card['alt']}"
        assert "only you" not in card["svg"]
    html = page.content()
    assert "only you" not in html and "your card" not in html
    for frame in frames:
        assert "only you" not in frame and "your card:" not in frame, "no frame carries a face-down card"
    assert page.locator(".ql-seat.ql-me").count() == 0, "no seat is this browser's"


def shows(page: Page, text: str) -> None:
    """Wait until the page's words, as a reader sees them (without the isolates round names), hold `text`."""
    wait_until(lambda: text in main_text(page), f"{page.url} to say {text!r}")


def age_presence(store: Rooms, code: str, seat: int) -> None:
    """Every heartbeat of `seat` as if its page had been closed AWAY_SECONDS ago and more."""
    engine = sa.create_engine(store.url, poolclass=sa.pool.NullPool)
    with engine.begin() as conn:
        conn.execute(sa.update(PRESENCE).where(PRESENCE.c.code == code, PRESENCE.c.seat == seat)
                     .values(seen=PRESENCE.c.seen - 2 * AWAY_SECONDS))
    engine.dispose()


def last_seen(store: Rooms, code: str, seat: int) -> float:
    """When a page last said `seat` is here (its newest heartbeat in the database)."""
    engine = sa.create_engine(store.url, poolclass=sa.pool.NullPool)
    with engine.begin() as conn:
        seen = conn.execute(sa.select(sa.func.max(PRESENCE.c.seen)).where(
            PRESENCE.c.code == code, PRESENCE.c.seat == seat)).scalar()
    engine.dispose()
    return seen or 0.0


def test_the_server_keeps_an_open_pages_seat_here_without_a_run_of_the_page(new_person, app_url, rooms):
    """Issue 23, item 5 (an idle phone costs the server next to nothing): while Avi's page is open, the server
    says every few seconds that his seat is here (quitlok.ui.presence), with no run of his page; once the page is
    closed nothing does, and the host's page shows him away."""
    hanna, avi = started_room(rooms)
    host, player = new_person(), new_person()
    hold_seat(host, app_url, hanna.code, hanna.token)
    hold_seat(player, app_url, hanna.code, avi.token)
    shows(host, "Avi: here")
    player.wait_for_timeout(1000)
    runs = player.evaluate("window.__quitlokAllRuns")
    age_presence(rooms, hanna.code, avi.seat)
    wait_until(lambda: last_seen(rooms, hanna.code, avi.seat) > time.time() - AWAY_SECONDS,
               "the server to say that Avi's open page is here", timeout=4 * HEARTBEAT)
    player.wait_for_timeout(2 * HEARTBEAT * 1000)  # (a page that beat by itself would have run twice more)
    assert player.evaluate("window.__quitlokAllRuns") - runs <= 1, "no run of the page (but the safety net's look)"
    player.get_by_role("link", name="Practice table").first.click()  # Avi goes to another page of the app
    expect(player.get_by_role("heading", name="Practice table")).to_be_visible(timeout=FOLLOW)
    age_presence(rooms, hanna.code, avi.seat)
    time.sleep(2 * HEARTBEAT + 1)
    assert last_seen(rooms, hanna.code, avi.seat) < time.time() - AWAY_SECONDS, "a page left says nothing"
    shows(host, "Avi: away")
    no_exception(host)


def test_another_seats_old_address_on_a_fresh_device_gives_no_seat_and_no_card(new_person, app_url, rooms):
    hanna, avi = started_room(rooms)
    cousin = new_person()
    frames = watched_frames(cousin)
    open_app(cousin, f"{app_url}/together?room={hanna.code}&seat={avi.token}")  # Avi's address, as links were
    shows(cousin, "Addresses now hold only the room's code")
    assert "seat=" not in cousin.url and cousin.url.endswith(f"?room={hanna.code}")
    expect(cousin.get_by_role("heading", name="Watching the game")).to_be_visible(timeout=FOLLOW)
    assert "you play as" not in main_text(cousin)
    cousin.wait_for_timeout(1500)  # the page's storage keeper has answered: still no seat
    assert cousin.evaluate("() => localStorage.getItem('quitlok.seats')") in (None, "")
    shows_no_face_down_card(cousin, frames)
    assert avi.token not in "".join(frames) + cousin.content()
    no_exception(cousin)


def test_a_new_device_asks_for_its_seat_is_let_in_and_the_old_device_is_told(new_person, app_url, rooms):
    hanna, avi = started_room(rooms)
    host, old, new = new_person(), new_person(), new_person()
    hold_seat(host, app_url, hanna.code, hanna.token)
    hold_seat(old, app_url, hanna.code, avi.token)
    shows(old, f"Room {hanna.code} · Quitlok rules · you play as Avi")
    open_app(new, f"{app_url}/together?room={hanna.code}")
    new.locator(".st-key-together-ask_name input").fill("Avi")
    new.get_by_role("button", name="Ask to be let in").click()
    wait_for_app(new)
    shows(new, "You asked to be let in as Avi")
    shows(host, "says they are Avi and asks to be let in")  # the host's page shows it by itself
    host.get_by_role("button", name="Let them in").click()
    wait_for_app(host)
    shows(new, f"Room {hanna.code} · Quitlok rules · you play as Avi")
    token = seat_token(new, hanna.code)
    assert rooms.view(hanna.code, token).seat == avi.seat, "the new browser's stored key opens Avi's seat"
    shows(old, "has moved to another device")
    assert "you play as Avi" not in main_text(old) and old.locator(".ql-seat.ql-me").count() == 0
    for page in (host, old, new):
        no_exception(page)


def test_the_host_leaving_hands_the_game_on_and_it_goes_on(new_person, app_url, rooms):
    hanna, avi, bella = started_room(rooms, ("Hanna", "Avi", "Bella"))
    pages = {seat.seat: new_person() for seat in (hanna, avi, bella)}
    for seat, page in zip((hanna, avi, bella), pages.values(), strict=True):
        hold_seat(page, app_url, hanna.code, seat.token)
        shows(page, "Hanna (host): here")
    pages[hanna.seat].context.close()  # the host leaves: her page sends no more heartbeats
    avi_page = pages[avi.seat]

    def away() -> None:
        """Hanna's heartbeats aged, again whenever one is recent: on a loaded machine the server may say her page
        is here once more before it has seen the page's connection close (CI saw it)."""
        if last_seen(rooms, hanna.code, hanna.seat) > time.time() - AWAY_SECONDS:
            age_presence(rooms, hanna.code, hanna.seat)

    wait_until(lambda: away() or "Avi (host): here" in main_text(avi_page),
               "Avi's page to say 'Avi (host): here'")  # the next person to her left
    shows(avi_page, "Hanna: away")
    shows(avi_page, "Host's tools")
    before = rooms.view(hanna.code, avi.token)
    for _ in range(40):  # the game goes on: the people play, a computer plays Hanna's turns
        view = rooms.view(hanna.code, avi.token)
        if view.hands_finished > before.hands_finished or view.over:
            break
        if view.to_act == hanna.seat:
            wait_until(lambda v=view: rooms.version(hanna.code) > v.version, "Hanna's turn to be played for her")
            continue
        move_in_store(rooms, hanna.code, (avi, bella)[view.to_act - 1].token)
    else:
        pytest.fail("no hand ended with the host away")
    assert rooms.view(hanna.code, avi.token).played_for[hanna.seat]
    no_exception(avi_page)


def test_a_player_replaced_by_a_computer_comes_back_to_the_seat(new_person, app_url, rooms):
    hanna, avi = started_room(rooms, computers=("bold",))
    host, player = new_person(), new_person()
    hold_seat(host, app_url, hanna.code, hanna.token)
    hold_seat(player, app_url, hanna.code, avi.token)
    shows(player, "you play as Avi")
    rooms.remove_seat(hanna.code, hanna.token, avi.seat, "cautious")  # the host takes the seat from its device
    shows(player, "to a computer player for now")
    expect(player.get_by_role("heading", name="Watching the game")).to_be_visible(timeout=FOLLOW)
    player.locator(".st-key-together-ask_name input").fill("Avi")
    player.get_by_role("button", name="Ask to be let in").click()
    wait_for_app(player)
    shows(host, "says they are Avi and asks to be let in")
    host.get_by_role("button", name="Let them in").click()
    wait_for_app(host)
    shows(player, f"Room {hanna.code} · Quitlok rules · you play as Avi")
    view = rooms.view(hanna.code, seat_token(player, hanna.code))
    assert view.seat == avi.seat and view.styles[avi.seat] is None, "a person plays the seat again"
    assert any(re.search(r"You are back in the seat a computer played", line) for line in said(view))  # Avi's
    for page in (host, player):
        no_exception(page)


def test_an_onlooker_at_a_full_table_sees_no_face_down_card(new_person, app_url, rooms):
    seats = started_room(rooms, ("Hanna", "Avi", "Bella", "Dov", "Eve", "Gil", "Ida"))
    eighth = new_person()
    frames = watched_frames(eighth)
    open_app(eighth, f"{app_url}/together?room={seats[0].code}")
    expect(eighth.get_by_role("heading", name="Watching the game")).to_be_visible(timeout=FOLLOW)
    for _ in range(3):  # the onlooker's page follows a few moves
        view = rooms.view(seats[0].code, seats[0].token)
        if view.to_act is None:
            break
        move_in_store(rooms, seats[0].code, seats[view.to_act].token)
        eighth.wait_for_timeout(1500)
    shows_no_face_down_card(eighth, frames)
    no_exception(eighth)
