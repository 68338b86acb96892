"""The Play together page in AppTest: opening and joining rooms, pass and play behind a curtain, the host's
tools, bad codes and lost seats, names that must read as text. Each test has a database file of its own.
(Several browsers at once: tests/e2e/test_together_browser.py.)"""

import json
import re

import pytest
from streamlit.testing.v1 import AppTest

from quitlok.rooms import Rooms
from quitlok.rooms import store as store_module
from quitlok.rules import KVITLACH, QUITLOK
from quitlok.ui import browser, seat_keys
from tests.app import conftest
from tests.app.conftest import ISOLATES, click, html_text, markdown_texts, query_values, texts
from tests.app.fake_browser import FakeBrowser

PAGE = "pages/together.py"


@pytest.fixture(autouse=True)
def moves_not_time(monkeypatch):
    """Computer steps bounded by moves alone, so that a game does not depend on the machine's speed (see
    tests/rooms/conftest.py)."""
    monkeypatch.setattr(store_module, "COMPUTER_SECONDS", 3600.0)


@pytest.fixture
def database(database_url):
    store = Rooms(database_url)
    yield store
    store.close()


def visit(query: dict | None = None) -> AppTest:
    """A new visitor (a new session) on the Play together page, with `query` in the address."""
    return conftest.visit(PAGE, query)


def code_of(at: AppTest) -> str:
    return query_values(at, "room")[0]


def tokens_of(at: AppTest) -> list[str]:
    """The seat keys this device holds (in its session; the browser's storage keeps them too)."""
    return list(at.session_state["together.seats"])


@pytest.fixture
def browser_storage(monkeypatch):
    """One browser's local storage, shared by every visit (tab) of the test: tests/app/fake_browser.py."""
    fake = FakeBrowser()
    monkeypatch.setattr(browser, "local_storage", fake.local_storage)
    return fake


def stored_keys(fake: FakeBrowser) -> dict:
    return json.loads(fake.stored.get(seat_keys.STORAGE_NAME, "{}"))


def buttons(at: AppTest) -> list[str]:
    return [b.key for b in at.button if b.key]


def open_room(name: str = "Dov", computers: int = 0) -> AppTest:
    at = visit()
    at.text_input(key="together.host_name").input(name)
    at.number_input(key="together.computers").set_value(computers)
    return click(at, "together.create")








def sit_here(at: AppTest, name: str) -> AppTest:
    at.text_input(key="together.here_name").input(name)
    return click(at, "together.here")




def test_the_page_opens_from_the_app_with_both_ways_in(database):
    at = visit()
    assert at.title[0].value == "Play together"
    assert {"together.create", "together.join"} <= set(buttons(at))
    assert "Play one game of Kvitlach" in texts(at)


def test_opening_a_room_shows_its_code_link_and_keeps_the_seat_out_of_the_address(database, browser_storage):
    at = open_room("Dov", computers=2)
    code = code_of(at)
    assert len(code) == 6 and len(tokens_of(at)) == 1
    assert dict(at.query_params) == {"room": code}, "the address holds the room's code alone"
    assert stored_keys(browser_storage) == {f"room:{code}": tokens_of(at)}, "the key is in the browser's storage"
    assert tokens_of(at)[0] not in "".join(str(h.proto.body) for h in at.get("html")) + texts(at)
    page = texts(at)
    assert f"?room={code})" in page  # the link carries the code and nothing else
    assert "**Dov** · person, host, on this device" in page
    assert "computer player (cautious)" in page
    html = "".join(str(h.proto.body) for h in at.get("html"))
    assert code in html and 'alt="QR code of the link to room' in html
    view = database.view(code, tokens_of(at)[0])
    assert view.players[0] == "Dov" and view.styles[1:] == ("cautious", "cautious")


def test_someone_joins_by_the_link_and_both_see_each_other(database):
    host = open_room("Dov")
    code = code_of(host)
    guest = visit({"room": code})
    assert "Join room" in texts(guest)
    guest.text_input(key="together.join_name").input("Zelda")
    click(guest, "together.join")
    assert "**Zelda** · person, on this device" in texts(guest)
    assert "Waiting for the host to start" in texts(guest)
    host.run()  # the host's page follows the room (the fragment reruns it when the version changes)
    assert "**Zelda** · person" in texts(host)


def test_a_wrong_code_is_told_plainly(database):
    at = visit({"room": "QQQQQQ"})
    assert any("There is no room with the code QQQQQQ" in e.value for e in at.error)
    click(at, "together.again")
    assert "together.create" in buttons(at)
    at.text_input(key="together.code").input("0O1I")
    at.text_input(key="together.join_name").input("Dov")
    click(at, "together.join")
    assert at.error and "room" in at.error[0].value.lower()


def test_names_that_look_like_markup_read_as_written_everywhere(database):
    at = open_room("*Dov*[x](//e.org)")
    sit_here(at, "<b>Zed</b>")
    page = markdown_texts(at)
    assert "&#42;Dov&#42;" in page and "[x](//e.org)" not in page and "*Dov*" not in page
    click(at, "together.start")
    page = markdown_texts(at)
    assert "[x](//e.org)" not in page and "*Dov*" not in page  # the curtain and the other Markdown
    html = "".join(str(h.proto.body) for h in at.get("html"))
    assert "<b>Zed</b>" not in html and "&lt;b&gt;Zed&lt;/b&gt;" in html  # the seats, the top bar, the log
    assert "*Dov*[x](//e.org)" in html_text(at) and "<b>Zed</b>" in html_text(at), "shown as written"


def test_a_reload_finds_the_seat_in_the_browsers_storage_and_an_old_address_gives_none(database, browser_storage):
    host = open_room("Dov", computers=1)
    code, token = code_of(host), tokens_of(host)[0]
    click(host, "together.start")
    again = visit({"room": code})  # a reload: a new session in the same browser
    assert "you play as **Dov**" in texts(again) and tokens_of(again) == [token]
    fresh = FakeBrowser()  # another device, given Dov's old address (?seat=, as earlier versions made them)
    browser.local_storage = fresh.local_storage
    cousin = visit({"room": code, "seat": token})
    assert "Addresses now hold only the room's code" in texts(cousin)
    assert dict(cousin.query_params) == {"room": code} and tokens_of(cousin) == []
    assert "you play as" not in texts(cousin) and "your seat" not in html_text(cousin)
    assert "Watching the game" in texts(cousin) and "together.ask" in buttons(cousin)
    forged = FakeBrowser({seat_keys.STORAGE_NAME: json.dumps({f"room:{code}": ["x" * 43], "evil": 3})})
    browser.local_storage = forged.local_storage
    stranger = visit({"room": code})
    assert "you play as" not in texts(stranger) and tokens_of(stranger) == []


def test_pass_and_play_covers_every_card_until_the_next_player_is_looking(database):
    at = open_room("Dov")
    sit_here(at, "Zelda")
    assert len(tokens_of(at)) == 2
    click(at, "together.start")
    code = code_of(at)
    seen_curtain = own_cards_seen = 0
    for _ in range(80):
        keys = buttons(at)
        room = database.view(code, tokens_of(at)[0])
        if room.over or room.hands_finished >= 2:
            break
        if "together.uncover" in keys:
            seen_curtain += 1
            name = room.players[room.to_act]
            assert at.header[0].value.translate(ISOLATES) == f"Pass to {name}"
            html = "".join(str(h.proto.body) for h in at.get("html"))
            assert "only you" not in html  # no face-down card shows its number behind the curtain
            assert not [k for k in keys if k.startswith("together.do.")]
            click(at, "together.uncover")
            html = "".join(str(h.proto.body) for h in at.get("html"))
            assert "your seat" in html
            own_cards_seen += "only you" in html
            continue
        moves = [k for k in keys if k.startswith("together.do.")]
        assert moves, texts(at)
        order = ("together.do.stakebank", "together.do.stay", "together.do.stand", "together.do.keepbank",
                 "together.do.keep", "together.do.reject")
        click(at, next((k for k in order if k in moves), moves[0]))
    assert seen_curtain >= 2 and own_cards_seen >= 1  # the curtain lifted shows that player's own cards
    assert database.view(code, tokens_of(at)[0]).hands_finished >= 1


def test_the_host_pauses_hands_a_seat_to_a_computer_and_ends_with_a_summary(database):
    host = open_room("Dov")
    code = code_of(host)
    guest = visit({"room": code})
    guest.text_input(key="together.join_name").input("Zelda")
    click(guest, "together.join")
    host.run()
    click(host, "together.start")
    click(host, "together.pause")
    assert "paused the game" in texts(host)
    guest.run()
    assert "The host has paused the game" in texts(guest)
    assert not [k for k in buttons(guest) if k.startswith("together.do.")]
    click(host, "together.resume")
    host.selectbox(key="together.remove_seat").set_value(1)
    host.selectbox(key="together.take_over").set_value("bold")
    click(host, "together.remove")
    assert database.view(code, tokens_of(host)[0]).styles[1] == "bold"
    guest.run()
    assert "given your seat in room" in texts(guest)
    host.checkbox(key="together.sure").check().run()
    click(host, "together.end")
    assert "The host ended the game" in texts(host)
    table = host.table[0].value
    assert list(table.columns) == ["Player", "Chips now", "Won or lost"]
    assert table["Chips now"].sum() == 2 * 20


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH], ids=lambda r: r.name)
def test_a_room_takes_the_house_rules_from_the_sidebar(database, rules):
    at = visit()
    at.sidebar.selectbox(key="rules.preset").set_value(rules.name).run()
    at.text_input(key="together.host_name").input("Dov")
    click(at, "together.create")
    assert database.view(code_of(at), tokens_of(at)[0]).rules == rules
    assert f"{rules.name} rules" in texts(at)


def test_coming_back_from_another_page_puts_the_room_back_in_the_address(database):
    at = open_room("Dov", computers=1)
    code, token = code_of(at), tokens_of(at)
    at.switch_page("pages/rules.py").run()
    at.query_params.clear()  # as the browser's address after moving to another page
    at.switch_page(PAGE).run()
    assert dict(at.query_params) == {"room": code} and tokens_of(at) == token


def test_someone_on_a_new_device_asks_by_name_the_host_lets_her_in_and_the_old_device_is_told(database):
    host = open_room("Dov")
    guest = visit({"room": code_of(host)})
    guest.text_input(key="together.join_name").input("Zelda")
    click(guest, "together.join")
    host.run()
    click(host, "together.start")
    late = visit({"room": code_of(host)})  # Zelda's new phone: the room's link again
    assert "has started: nobody new can sit down now" in texts(late)
    assert "together.join" not in buttons(late) and "Watching the game" in texts(late)
    late.text_input(key="together.ask_name").input("zelda")
    click(late, "together.ask")
    assert "You asked to be let in as **Zelda**" in texts(late)
    host.run()  # the host's page shows the request
    assert "says they are **Zelda** and asks to be let in" in texts(host)
    number = database.view(code_of(host), tokens_of(host)[0]).requests[0][0]
    click(host, f"together.let_in.{number}")
    late.run()
    assert "you play as **Zelda**" in texts(late)
    guest.run()  # the old page's key no longer opens the seat
    assert "has moved to another device" in texts(guest) and "you play as" not in texts(guest)


def test_a_refused_request_is_told_and_the_seat_stays(database):
    host = open_room("Dov", computers=1)
    click(host, "together.start")
    late = visit({"room": code_of(host)})
    late.text_input(key="together.ask_name").input("Dov")
    click(late, "together.ask")
    host.run()
    number = database.view(code_of(host), tokens_of(host)[0]).requests[0][0]
    click(host, f"together.refuse.{number}")
    late.run()
    assert "was refused" in texts(late) and tokens_of(late) == []
    host.run()
    assert "you play as **Dov**" in texts(host)


def test_a_seat_open_on_two_devices_is_said_on_both_and_presence_is_shown(database, browser_storage):
    first = open_room("Dov", computers=1)
    click(first, "together.start")
    second = visit({"room": code_of(first)})  # the same browser's other tab: the same key
    for _ in range(2):  # each page's heartbeats, one after the other: both pages beat on
        for at in (first, second):
            database.here(code_of(at), tokens_of(at)[0], at.session_state["together.device"])
    for at in (first, second):
        at.run()
        assert "**Dov**'s seat is open on another device" in texts(at)
        assert "**Dov** (host): here" in texts(at)


def test_a_refusal_at_the_table_goes_once_the_game_moves_on(database):
    host = open_room("Dov")
    guest = visit({"room": code_of(host)})
    guest.text_input(key="together.join_name").input("Zelda")
    click(guest, "together.join")
    host.run()
    click(host, "together.start")
    code = code_of(host)
    mine = {tokens_of(host)[0]: host, tokens_of(guest)[0]: guest}
    token = next(t for t in mine if database.view(code, t).legal)
    page = mine[token]
    page.run()
    first = database.view(code, token)
    database.act(code, token, first.legal[0], version=first.version)  # the same seat, from another tab
    moves = [k for k in buttons(page) if k.startswith("together.do.")]
    click(page, moves[0])
    assert "Someone else moved first" in texts(page)
    now = database.view(code, tokens_of(host)[0])
    acting = next(t for t in mine if database.view(code, t).legal) if not now.over else None
    if acting:
        later = database.view(code, acting)
        database.act(code, acting, later.legal[0], version=later.version)
        page.run()
        assert "Someone else moved first" not in texts(page)


def test_the_result_of_a_hand_can_be_put_away(database):
    at = open_room("Dov", computers=2)
    click(at, "together.start")
    code, token = code_of(at), tokens_of(at)[0]
    for _ in range(60):
        if "hand-over-close" in buttons(at):
            break
        view = database.view(code, token)
        moves = [k for k in buttons(at) if k.startswith("together.do.")]
        order = ("together.do.stakebank", "together.do.stay", "together.do.stand", "together.do.keepbank")
        click(at, next((k for k in order if k in moves), moves[0]))
        assert not view.over
    click(at, "hand-over-close")
    assert "hand-over-close" not in buttons(at) and "is over" not in html_text(at)


def bust_out(database: Rooms, code: str, token: str) -> None:
    """The seat bets all it may at every turn (else the first move) until the game is over."""
    for _ in range(400):
        view = database.view(code, token)
        if view.over:
            return
        if view.legal:
            bets = [a for a in view.legal if type(a).__name__ == "Bet"]
            action = max(bets, key=lambda b: b.n) if bets else view.legal[0]
            database.act(code, token, action, version=view.version)
    raise AssertionError("the game did not end")


def test_a_room_where_no_person_has_chips_ends_with_its_results_and_stops_following(database):
    """Issue 22: once the only person at the table is out of chips, the room ends the game (the computers do
    not play on by themselves); the page shows the results, says why, and no longer follows the room."""
    at = open_room("Dov", computers=3)
    click(at, "together.start")
    code, token = code_of(at), tokens_of(at)[0]
    assert "no longer looks for news" not in texts(at), "a game being played is followed"
    bust_out(database, code, token)
    view = database.view(code, token)
    assert view.people_out and view.chips[0] == 0 and sum(c > 0 for c in view.chips) >= 2
    at.run()
    page = texts(at)
    assert "The game is over" in page and "The host ended the game" not in page
    assert "Nobody at the table but the computer players had chips left" in page
    assert "no longer looks for news from the room" in page
    assert at.table[0].value["Chips now"].sum() == 4 * 20
    version = database.version(code)
    at.run()
    assert database.version(code) == version, "a look at an ended room changes nothing"


def test_the_log_of_a_long_game_lists_a_bounded_number_of_hands(database):
    """The page does not send a long game's whole log again: the earlier hands it lists are at most
    LOG_HANDS, the older ones only counted."""
    at = visit()
    at.text_input(key="together.host_name").input("Dov")
    at.number_input(key="together.computers").set_value(2)
    at.number_input(key="together.chips").set_value(1000)
    click(at, "together.create")
    code, token = code_of(at), tokens_of(at)[0]
    click(at, "together.start")
    for _ in range(2000):
        view = database.view(code, token)
        if view.over or view.hands_finished >= 45:
            break
        order = ("Stay", "StakeBank", "Stand", "KeepBank")
        action = next((a for name in order for a in view.legal if type(a).__name__ == name), view.legal[0])
        database.act(code, token, action, version=view.version)
    assert view.hands_finished >= 45, "a long game"
    at.run()
    body = "".join(str(element.proto.body) for element in at.get("html"))
    log = body[body.index('class="ql-log-earlier"'):]
    listed = len(re.findall(r"<summary>Hand \d+ of |<p><b>Hand \d+ of ", log))
    assert listed == 30
    assert "earlier hands, not listed here" in log


def test_the_host_sets_a_turn_timer(database):
    at = open_room("Dov", computers=1)
    click(at, "together.start")
    code, token = code_of(at), tokens_of(at)[0]
    assert database.view(code, token).turn_seconds is None
    at.selectbox(key="together.timer").set_value(60).run()
    assert not at.exception
    assert database.view(code, token).turn_seconds == 60
    at.selectbox(key="together.timer").set_value(None).run()
    assert database.view(code, token).turn_seconds is None
