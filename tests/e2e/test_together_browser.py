"""Play together in the browser: several people, each in a browser of their own, share one room.

The servers keep their rooms in a database of the test's own (conftest: QUITLOK_DATABASE_URL); the tests open
the same database with `quitlok.rooms.Rooms`, to set a room up quickly or to check what the pages did to it.
Pages that are not acting follow the room by themselves (the server reruns their following fragment when the room
changes: quitlok/ui/push.py), so the tests wait for what they expect to see rather than sleep.
"""

import re
import time
import urllib.parse

import pytest
import sqlalchemy as sa
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from quitlok.game import STAKE, action_label
from quitlok.rooms import Rooms, RoomView
from quitlok.rooms import store as store_module
from quitlok.rooms.database import PRESENCE
from quitlok.rules import QUITLOK
from quitlok.text import isolated
from tests.e2e.conftest import IDLE, open_app, serve, sqlite_url, wait_for_app
from tests.rooms.helpers import said

pytestmark = pytest.mark.e2e

#: each seat's chips at the start (the page's default), and the opening bank
CHIPS, BANK = 20, 10
#: how long a page may take to follow the room or to finish a run, on a busy machine with two cores
FOLLOW = 30_000
#: the moves open now (the bar draws every move of the phase, those not open disabled)
ACTIONS = ".st-key-together-actions [data-testid^='stBaseButton']:not([disabled])"
STALE = "The table had changed before this tap arrived"

#: every seat round the table as this page draws it: name, badges, purse and stake, and each card's text
#: alternative and picture (the SVG inside the image's data URI)
SEATS_JS = """() => [...document.querySelectorAll('.ql-seat')].map(seat => ({
    me: seat.classList.contains('ql-me'),
    name: seat.querySelector('.ql-name').textContent.trim(),
    badges: [...seat.querySelectorAll('.ql-badge')].map(b => b.textContent.trim()),
    money: seat.querySelector('.ql-money').textContent.trim(),
    cards: [...seat.querySelectorAll('img.ql-card')].filter(img => !img.closest('.ql-thrown')).map(img => ({
        alt: img.getAttribute('alt'), svg: atob(img.getAttribute('src').split(',')[1])})),
}))"""
#: the newest line of the log, once the page has finished its run (None while it runs)
NEWEST_JS = """() => {
    const app = document.querySelector("[data-testid='stApp']");
    const log = document.querySelector('#together-log');
    if (!log || app.getAttribute('data-test-script-state') !== 'notRunning') return null;
    const lines = log.innerText.replaceAll('\u2060', '').split('\\n').map(line => line.trim()).filter(Boolean);
    const heading = lines.findIndex(line => line.endsWith('newest first:'));
    return heading < 0 ? null : (lines[heading + 1] ?? null);
}"""
#: a number of the table's top bar (quitlok.ui.table.top_bar_html) by its label
METRIC_JS = """label => {
    const number = [...document.querySelectorAll('.ql-number')]
        .find(n => n.querySelector('dt').textContent.trim().startsWith(label));
    return number ? number.querySelector('dd').textContent.trim() : null;
}"""


# --- the store, and people in browsers of their own -------------------------------------------------


def choose(labels: list[str], bet_made: bool) -> str:
    """A sensible move that ends the hand soon: stake the least bank, bet 1 once, then stay or stand (the banker
    draws only while the rules make him), keep what is offered."""
    if stake := [label for label in labels if label.startswith("Stake a bank of ")]:
        return stake[0]
    if not bet_made and "Bet 1" in labels:
        return "Bet 1"
    for name in ("Stay", "Stand", "Keep the bank", "Keep the 11", "Draw a card"):
        if name in labels:
            return name
    return labels[-1]


def move_in_store(rooms: Rooms, code: str, token: str) -> None:
    """The seat holding `token` makes choose()'s move through the store, as another device would."""
    view = rooms.view(code, token)
    labels = [action_label(view.state, action) for action in view.legal]
    wanted = choose(labels, bet_made=view.stakes[view.seat] > 0)
    rooms.act(code, token, view.legal[labels.index(wanted)], version=view.version)


def seat_token(page: Page, code: str) -> str:
    """The seat key this page's browser keeps for room `code` (local storage, quitlok.ui.seat_keys); the address
    holds the room's code alone."""
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(page.url).query)
    assert query == {"room": [code]}, f"the room's code alone in the address: {page.url}"
    keys = page.evaluate("() => JSON.parse(localStorage.getItem('quitlok.seats') || '{}')")
    assert len(keys.get(f"room:{code}", [])) == 1, f"one seat key in the browser's storage: {keys}"
    return keys[f"room:{code}"][0]


def hold_seat(page: Page, url: str, code: str, token: str) -> None:
    """This browser keeps the key `token` to a seat of room `code` (as the browser that sat down does), and the
    page opens the room by its code alone."""
    open_app(page, f"{url}/together")
    page.evaluate("([entry, token]) => localStorage.setItem('quitlok.seats', JSON.stringify({[entry]: [token]}))",
                  [f"room:{code}", token])
    open_app(page, f"{url}/together?room={code}")


def wait_until(condition, what: str, timeout: float = FOLLOW / 1000) -> None:
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            pytest.fail(f"waited {timeout:.0f} s for {what}")
        time.sleep(0.1)


def reload(page: Page) -> None:
    page.reload()
    page.wait_for_selector(IDLE, timeout=60_000)
    page.wait_for_timeout(500)
    page.wait_for_selector(IDLE, timeout=FOLLOW)


#: invisible characters of the page's words: the word joiner and the directional isolates round each name
UNSEEN = dict.fromkeys(map(ord, "\u2060\u2066\u2067\u2068\u2069"))


def main_text(page: Page) -> str:
    """The page's words as a reader sees them: the invisible word joiners, and the isolates round each name
    (quitlok.ui.names), left out."""
    return page.get_by_test_id("stMain").inner_text().translate(UNSEEN)


def no_exception(page: Page) -> None:
    assert page.locator("[data-testid='stException']").count() == 0, main_text(page)


# --- opening, joining, acting ------------------------------------------------------------------------


def open_room(page: Page, url: str, name: str, rules: str) -> str:
    """`name` opens a room under the preset `rules` (chosen by the link's ?rules=); returns its code."""
    open_app(page, f"{url}/together?rules={rules.lower()}")
    page.locator(".st-key-together-host_name input").fill(name)
    page.get_by_role("button", name="Open the room").click()
    wait_for_app(page)
    code = page.locator(".ql-room-code b")
    code.wait_for(timeout=FOLLOW)
    return code.inner_text().strip()


def join_by_link(page: Page, link: str, code: str, name: str) -> None:
    open_app(page, link)
    expect(page.get_by_role("heading", name=f"Join room {code}")).to_be_visible()
    page.locator(".st-key-together-join_name input").fill(name)
    page.get_by_role("button", name="Sit down").click()
    wait_for_app(page)
    expect(page.locator(".ql-room-code b")).to_have_text(code, timeout=FOLLOW)


def action_labels(page: Page) -> list[str]:
    return [label.strip() for label in page.locator(ACTIONS).all_inner_texts()]


def up_to_date(page: Page, rooms: Rooms, code: str, token: str) -> RoomView:
    """Wait until `page`, which holds the seat `token`, shows the room as it is now: its run has finished, the
    log's newest line is the room's, and the table has as many cards in each seat as the room, this seat's own
    with their numbers (the table's HTML may be drawn a moment after the log). Returns that seat's view. The
    page follows the room by itself."""
    def shown() -> bool:
        view = rooms.view(code, token)
        try:
            newest, drawn = page.evaluate(NEWEST_JS), page.evaluate(SEATS_JS)
        except PlaywrightError:  # the page is being drawn anew
            return False
        mine = [seat for seat in drawn if seat["me"]]
        return (newest == said(view)[-1] and len(mine) == 1
                and sorted(len(seat["cards"]) for seat in drawn) == sorted(map(len, view.hands))
                and [re.findall(r"\d+", card["alt"].split(":", 1)[-1])[:1] for card in mine[0]["cards"]]
                == [[str(card)] for card in view.hands[view.seat]])

    wait_until(shown, f"{page.url} to show the room's latest move")
    return rooms.view(code, token)


def act_in_browser(page: Page, label: str, rooms: Rooms, code: str, token: str) -> RoomView:
    """Press the button `label` on `page` (seat `token`); wait until the room has the move and the page shows it."""
    before = rooms.version(code)
    page.get_by_role("button", name=label, exact=True).click()
    wait_until(lambda: rooms.version(code) > before, f"{label} to reach the room")
    view = up_to_date(page, rooms, code, token)
    assert STALE not in main_text(page), "nobody else acted: the move was made"
    return view


# --- what each page shows ----------------------------------------------------------------------------


def rank(alt: str) -> int:
    found = re.search(r"card: (?:framed )?(\d+)", alt)
    assert found, f"a card whose number is shown: {alt!r}"
    return int(found.group(1))


def seats(page: Page, privacy: dict[str, int] | None = None) -> list[dict]:
    """Every seat as drawn on `page`, checked for what this person may see: their own face-down cards show
    their number with the "only you" mark; every other seat's face-down card is a card back, in its text and
    in its picture. `privacy` counts the cards of each kind seen."""
    drawn = page.evaluate(SEATS_JS)
    assert [seat["me"] for seat in drawn].count(True) == 1, f"one seat is this person's own: {drawn}"
    for seat in drawn:
        for card in seat["cards"]:
            alt, svg = card["alt"], card["svg"]
            if seat["me"]:
                assert "your seat" in seat["badges"] and seat["name"] == "You"
                assert alt.startswith("your card: "), "your own face-down card shows its number"
                if alt.endswith("face down, only you see it"):
                    assert ">only you<" in svg and f">{rank(alt)}<" in svg
                    kind = "own face down"
                else:
                    assert re.fullmatch(r"your card: (framed )?\d+", alt) and "only you" not in svg, alt
                    kind = "face up"
            elif alt.endswith("'s card, face down"):
                assert "<text" not in svg, f"{seat['name']}'s card back shows no number"
                kind = "back"
            else:
                assert re.fullmatch(r".+'s card: (framed )?\d+", alt), \
                    f"{seat['name']}'s face-down card is hidden: {alt!r}"
                assert "only you" not in svg
                kind = "face up"
            if privacy is not None:
                privacy[kind] = privacy.get(kind, 0) + 1
    return drawn


def table_numbers(page: Page, name: str) -> tuple[int, dict[str, tuple[int, int]]]:
    """The bank in the top bar, and each seat's purse and stake by name, as `name`'s page shows them."""
    bank = int(page.evaluate(METRIC_JS, "Bank (chips)"))
    money = {}
    for seat in seats(page):
        found = re.fullmatch(r"purse (\d+)(?: · stake (\d+))?", seat["money"])
        assert found, seat["money"]
        money[name if seat["me"] else seat["name"]] = (int(found.group(1)), int(found.group(2) or 0))
    return bank, money


def own_cards(page: Page) -> list[str]:
    """The text alternatives of this person's own cards, in the order received."""
    return [card["alt"] for card in next(seat for seat in seats(page) if seat["me"])["cards"]]


def hand_number(page: Page) -> str:
    return page.evaluate(METRIC_JS, "Hand")


# --- the tests -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["Quitlok", "Kvitlach"])
def test_three_people_play_a_hand_together(new_person, app_url, rooms, rules):
    """A host opens a room, two others join by its link, and they play one hand to its end, each in their own
    browser: each sees only their own face-down cards, the others follow every move by themselves, and every
    page ends on the same hand-over panel, bank and purses."""
    names = ["Hanna", "Avi", "Bella"]
    pages = {name: new_person() for name in names}
    code = open_room(pages["Hanna"], app_url, "Hanna", rules)
    link = pages["Hanna"].locator("a[href*='/together?room=']").get_attribute("href")
    assert link.endswith(f"/together?room={code}") and "seat" not in link, "the link holds the code alone"
    for name in names[1:]:
        join_by_link(pages[name], f"{app_url}/together?room={code}", code, name)
    for page in pages.values():  # the lobby follows the room: the host sees who joined after him
        expect(page.get_by_text("At the table (3 of 7 seats)")).to_be_visible(timeout=FOLLOW)
        assert f"{rules} rules · {CHIPS} chips each · opening bank {BANK}" in main_text(page)
    tokens = {name: seat_token(page, code) for name, page in pages.items()}
    host = rooms.view(code, tokens["Hanna"])
    assert host.players == tuple(names) and host.is_host and not host.started

    pages["Hanna"].get_by_role("button", name="Start the game").click()
    wait_for_app(pages["Hanna"])
    for name, page in pages.items():  # the table comes to the others by itself
        page.locator(".ql-seat.ql-me").wait_for(timeout=FOLLOW)
        assert f"Room {code} · {rules} rules · you play as {name}" in main_text(page)

    privacy = {name: {} for name in names}
    bets = set()
    for _ in range(30):
        view = rooms.view(code, tokens["Hanna"])
        if view.hands_finished:
            break
        actor = names[view.to_act]
        for name in names:  # every page follows the room by itself
            up_to_date(pages[name], rooms, code, tokens[name])
            if name != actor:
                waiting = pages[name].get_by_text(f"Waiting for {isolated(actor)}, who")
                assert waiting.count(), f"{name} waits for {actor}"
                assert not pages[name].locator(ACTIONS).count(), f"{name} has no buttons on {actor}'s turn"
            seats(pages[name], privacy[name])
        label = choose(action_labels(pages[actor]), bet_made=actor in bets)
        bets |= {actor} if label.startswith("Bet") else set()
        act_in_browser(pages[actor], label, rooms, code, tokens[actor])
    else:
        pytest.fail("no hand ended within 30 moves")

    bankers = set()
    for name, page in pages.items():
        up_to_date(page, rooms, code, tokens[name])
        panel = page.locator(".ql-hand-over")
        expect(panel).to_contain_text("is over:")
        said = re.search(r"Hand 1 of (?:(\w+)'s|your) bank is over: you ", panel.inner_text().replace("\u2060", ""))
        assert said, f"{name}'s own result comes first: {panel.inner_text()}"
        bankers.add(said.group(1) or name)  # the banker reads "your bank"
        expect(panel.locator("img.ql-card").nth(2)).to_be_attached()  # each seat's cards as the hand ended
        seats(page, privacy[name])
        no_exception(page)
    assert len(bankers) == 1, f"the same hand ended on every page: {bankers}"
    for name, seen in privacy.items():
        assert seen.get("own face down") and seen.get("back"), f"{name} saw own cards and others' backs: {seen}"

    room = rooms.view(code, tokens["Hanna"])
    assert room.hands_finished == 1 and room.version == rooms.version(code)
    assert all(s.kind != "threw in" for s in room.last_hand), f"everyone bet, the hand was settled: {room.last_hand}"
    assert room.bank + sum(room.purses) + sum(room.stakes) == 3 * CHIPS, "no chip made or lost"
    truth = (room.bank, {name: (room.purses[seat], room.stakes[seat]) for seat, name in enumerate(names)})
    for name, page in pages.items():
        assert table_numbers(page, name) == truth, f"{name}'s page shows the room as it is"
        mine = rooms.view(code, tokens[name])
        shown = [rank(alt) for alt in own_cards(page)]
        assert shown == list(mine.hands[mine.seat]), f"{name} sees their own cards of the new hand"


def test_two_tabs_of_one_seat_click_at_the_same_moment(browser, app_url, rooms):
    """The seat to act is open in two tabs, and both press Bet 1 at once: one bet is made, the other tab is told
    that someone moved first, and nothing is applied twice."""
    host = rooms.create(QUITLOK, host="Hanna", bank=BANK, purses=CHIPS)
    avi = rooms.join(host.code, "Avi")
    code, tokens = host.code, [host.token, avi.token]
    rooms.start(code, host.token)
    while (view := rooms.view(code, host.token)).phase == STAKE:
        move_in_store(rooms, code, tokens[view.to_act])
    token = tokens[view.to_act]
    before = rooms.view(code, token)
    me, name = before.seat, before.players[before.seat]

    context = browser.new_context(viewport={"width": 1300, "height": 1700})
    try:
        tabs = [context.new_page(), context.new_page()]
        hold_seat(tabs[0], app_url, code, token)  # one browser: both tabs read the key from its storage
        open_app(tabs[1], f"{app_url}/together?room={code}")
        for tab in tabs:
            up_to_date(tab, rooms, code, token)
        for tab in tabs:  # the seat is open on two devices (here two tabs): said on both, by their heartbeats
            wait_until(lambda tab=tab: f"{name}'s seat is open on another device" in main_text(tab),
                       "both tabs to say the seat is open on another device")
        assert rooms.version(code) == before.version, "opening a tab changes nothing"
        buttons = [tab.get_by_role("button", name="Bet 1", exact=True) for tab in tabs]
        for button in buttons:
            button.wait_for()
        for button in buttons:
            button.dispatch_event("click")  # one after the other, without waiting for either page
        wait_until(lambda: rooms.version(code) > before.version, "a bet to reach the room")
        for tab in tabs:
            up_to_date(tab, rooms, code, token)

        after = rooms.view(code, token)
        assert after.version == before.version + 1, "one action, and no computer seat to play on"
        new_lines = said(after)[len(said(before)):]
        if after.hands_finished == before.hands_finished:  # else the card that came with the bet made 21 or a bust
            assert after.purses[me] == before.purses[me] - 1 and after.stakes[me] == 1, "one bet of 1"
            assert len(after.hands[me]) == len(before.hands[me]) + 1, "one card for one bet"
        assert [line for line in new_lines if line.startswith("You bet 1")] == [  # the seat reads its own move
            "You bet 1 (stake 1) and take a face-down card."], new_lines
        told = [tab for tab in tabs if STALE in main_text(tab)]
        assert len(told) == 1, "exactly one tab is told that the other one moved first"
        money = f"purse {after.purses[me]}" + (f" · stake {after.stakes[me]}" if after.stakes[me] else "")
        for tab in tabs:  # both show the table as it is now
            expect(tab.locator(".ql-seat.ql-me .ql-money")).to_have_text(money)
            assert len(own_cards(tab)) == len(after.hands[me])
            no_exception(tab)
    finally:
        context.close()


def test_a_reload_mid_hand_finds_the_seat_again(new_person, app_url, rooms):
    """A player bets, then reloads the page: the address holds the room, the browser's storage the seat's key,
    so the same seat, cards and turn come back."""
    host = rooms.create(QUITLOK, host="Hanna", bank=BANK, purses=CHIPS)
    avi = rooms.join(host.code, "Avi")
    code, tokens = host.code, [host.token, avi.token]
    rooms.start(code, host.token)
    while (view := rooms.view(code, host.token)).phase == STAKE:
        move_in_store(rooms, code, tokens[view.to_act])
    token, name = tokens[view.to_act], view.players[view.to_act]

    page = new_person()
    hold_seat(page, app_url, code, token)
    up_to_date(page, rooms, code, token)
    act_in_browser(page, "Bet 1", rooms, code, token)  # a card comes with the bet (or the hand ends in a bust)
    cards, number, labels, address = own_cards(page), hand_number(page), action_labels(page), page.url
    assert cards and any(alt.endswith("only you see it") for alt in cards)

    reload(page)
    up_to_date(page, rooms, code, token)
    assert page.url == address == f"{app_url}/together?room={code}", "the address keeps the room alone"
    me = next(seat for seat in seats(page) if seat["me"])
    assert "your seat" in me["badges"] and ("to act" in me["badges"]) == bool(labels)
    assert own_cards(page) == cards and hand_number(page) == number
    assert action_labels(page) == labels, "the same turn, with the same choices"
    assert f"Room {code} · Quitlok rules · you play as {name}" in main_text(page)
    no_exception(page)


def test_the_game_goes_on_after_a_server_restart(new_person, tmp_path):
    """The server stops mid-hand; a new one on the same database finds the room: the host's address opens the
    same seat, hand and cards, and the next move is made."""
    database = sqlite_url(tmp_path / "rooms.sqlite3")
    rooms = Rooms(database)
    try:
        host = rooms.create(QUITLOK, host="Hanna", bank=BANK, purses=CHIPS)
        avi = rooms.join(host.code, "Avi")
        code, tokens = host.code, [host.token, avi.token]
        rooms.start(code, host.token)
        for _ in range(50):  # the other seat plays until the host is to act with cards in hand
            if (view := rooms.view(code, host.token)).to_act == 0 and view.phase != STAKE:
                break
            move_in_store(rooms, code, tokens[view.to_act])
        else:
            pytest.fail("the host never came to act")
        page = new_person()
        with serve(database) as first:
            hold_seat(page, first, code, host.token)
            up_to_date(page, rooms, code, host.token)
            cards, number, labels = own_cards(page), hand_number(page), action_labels(page)
            assert [rank(alt) for alt in cards] == list(view.hands[0]) and number == str(view.hand_number)
            path = page.url.removeprefix(first)
        version = rooms.version(code)

        with serve(database) as second:  # on another port: another origin, whose storage gets the key too
            # a restart shorter than AWAY_SECONDS, however long this busy machine took to start the server: the
            # page's heartbeats as of now (after a longer one a computer plays the host's turn, as for anyone away)
            with sa.create_engine(database, poolclass=sa.pool.NullPool).begin() as conn:
                conn.execute(sa.update(PRESENCE).where(PRESENCE.c.code == code).values(seen=time.time()))
            hold_seat(page, second, code, host.token)
            assert path == f"/together?room={code}"
            up_to_date(page, rooms, code, host.token)
            assert own_cards(page) == cards and hand_number(page) == number
            assert action_labels(page) == labels
            assert f"Room {code} · Quitlok rules · you play as Hanna" in main_text(page)
            act_in_browser(page, choose(labels, bet_made=True), rooms, code, host.token)
            assert rooms.version(code) > version, "the move reached the room"
            no_exception(page)
    finally:
        rooms.close()


def test_a_page_stops_following_a_room_where_nothing_can_change(new_person, app_url, rooms, monkeypatch):
    """Issue 22: the only person is out of chips, so the room has ended the game (the computers do not play on
    among themselves); the page says so and stops following the room every second: while it stays open the server
    sends it next to nothing (a look for the host's new game every ten seconds), where a page following a room gets
    a fragment's run every second."""
    monkeypatch.setattr(store_module, "COMPUTER_SECONDS", 3600.0)  # the same game on a busy machine
    host = rooms.create(QUITLOK, host="Hanna", bank=BANK, purses=CHIPS)
    for style in ("cautious", "bold", "cautious"):
        rooms.add_computer(host.code, host.token, style)
    rooms.start(host.code, host.token, seed=1)
    for _ in range(400):
        view = rooms.view(host.code, host.token)
        if view.over:
            break
        bets = [a for a in view.legal if type(a).__name__ == "Bet"]
        action = max(bets, key=lambda b: b.n) if bets else view.legal[0]
        rooms.act(host.code, host.token, action, version=view.version)
    assert view.people_out and view.chips[0] == 0

    page = new_person()
    frames = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(len(payload))))
    hold_seat(page, app_url, host.code, host.token)
    expect(page.get_by_text("this page looks for it every few seconds")).to_be_visible()
    assert "Nobody at the table but the computer players had chips left" in main_text(page)
    page.wait_for_timeout(1500)
    frames.clear()
    page.wait_for_timeout(4000)
    # a look for the host's new game (a rematch) every ten seconds at the most, where a followed room gets one a second
    assert len(frames) <= 6, "an ended room's page is sent next to nothing"
    assert rooms.version(host.code) == view.version
    no_exception(page)


# --- taps and faults (issue 23, items 3 and 6) ----------------------------------------------------------------


def host_to_blot(rooms: Rooms, computers: tuple[str, ...] = ("cautious",)) -> tuple[str, str]:
    """A room of Hanna and computer players, played on until Hanna may blot; its code and Hanna's key."""
    for _ in range(20):
        host = rooms.create(QUITLOK, host="Hanna", bank=BANK, purses=CHIPS)
        for style in computers:
            rooms.add_computer(host.code, host.token, style)
        rooms.start(host.code, host.token)
        for _ in range(60):
            view = rooms.view(host.code, host.token)
            if view.over:
                break
            labels = [action_label(view.state, action) for action in view.legal]
            if "Blot (free face-up card)" in labels:
                return host.code, host.token
            if view.legal:
                move_in_store(rooms, host.code, host.token)
    pytest.fail("Hanna never came to blot")


def test_a_double_tap_makes_one_move(browser, app_url, rooms):
    """On a phone, two taps 0.4 s apart on Blot (a finger's, at the same place of the screen: the mouse, not a
    click that waits for the button) make one blot; the bar, fixed at the bottom of the screen, has not moved
    under the finger; no exception."""
    code, token = host_to_blot(rooms)
    before = rooms.view(code, token)
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    hold_seat(page, app_url, code, token)
    up_to_date(page, rooms, code, token)
    blot = page.get_by_role("button", name="Blot (free face-up card)", exact=True)
    expect(blot).to_be_enabled()
    blot.scroll_into_view_if_needed()  # (the bar is fixed at the bottom of the screen: nothing to scroll)
    page.wait_for_timeout(1000)  # the bar has settled since it was drawn
    box = blot.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    page.wait_for_timeout(400)
    page.mouse.click(x, y)
    wait_until(lambda: rooms.version(code) > before.version, "the blot to reach the room")
    page.wait_for_timeout(3000)  # time for a second blot, if one were coming
    after = up_to_date(page, rooms, code, token)
    new_lines = said(after)[len(said(before)):]
    assert [line for line in new_lines if line.startswith("You ask for a blot")] == ["You ask for a blot."], \
        new_lines  # Hanna reads her own move
    if after.to_act == after.seat and after.legal:  # Hanna's turn goes on: the same moves in the same places
        assert blot.bounding_box() == box, "the bar did not move under the finger"
        assert box["y"] + box["height"] <= 740, "the moves are on the phone's screen"
    no_exception(page)
    context.close()


def calm_words(page: Page, secrets: tuple[str, ...]) -> str:
    text = page.locator("body").inner_text()
    for secret in ("Traceback", "Is Streamlit still running", "streamlit run", "not responding", "Connection error",
                   "psycopg", "sqlalchemy", *secrets):
        assert secret not in text, secret
    return text


def test_an_outage_and_a_restart_show_only_the_apps_words(new_person, tmp_path, monkeypatch):
    """The room's PostgreSQL stops under an open table: the page says "Reconnecting…" in the app's words (no
    traceback, address or port) and goes on once the database is back. Then the app's server stops: the page shows
    the app's own banner, never Streamlit's developer dialog, and comes back when a server starts again."""
    from tests.e2e import conftest as e2e
    from tests.rooms.pg import TempPostgres, find_binaries

    if find_binaries() is None:
        pytest.skip("PostgreSQL's initdb/pg_ctl were not found")
    database = TempPostgres().start()
    rooms = Rooms(database.url)
    port = e2e._free_port()
    monkeypatch.setattr(e2e, "_free_port", lambda: port)  # the restarted server where the page looks for it
    secrets = ("127.0.0.1:", str(database.port), database.url, "/tmp/")
    try:
        code, token = host_to_blot(rooms)
        page = new_person()
        with serve(database.url) as url:
            hold_seat(page, url, code, token)
            up_to_date(page, rooms, code, token)
            database.halt()
            expect(page.get_by_text("Reconnecting…").first).to_be_visible(timeout=FOLLOW)
            calm_words(page, secrets)
            page.wait_for_timeout(3000)
            assert "Reconnecting" in calm_words(page, secrets)
            database.resume()
            expect(page.get_by_role("button", name="Blot (free face-up card)", exact=True)).to_be_visible(
                timeout=FOLLOW)
            calm_words(page, secrets)
        # the server is gone: after Streamlit's six pings (some 10 s) its dialog would be up
        page.wait_for_timeout(15_000)
        expect(page.locator("#quitlok-reconnecting")).to_be_visible()
        calm_words(page, secrets)
        with serve(database.url):
            expect(page.locator("#quitlok-reconnecting")).to_have_count(0, timeout=60_000)
            expect(page.get_by_role("button", name="Blot (free face-up card)", exact=True)).to_be_visible(
                timeout=FOLLOW)
            calm_words(page, secrets)
            no_exception(page)
    finally:
        rooms.close()
        database.stop()
