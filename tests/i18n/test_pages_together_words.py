"""The Play together page in the pseudo-language (issue 26): every state the tests reach shows no English of its own
(the way in, a wrong code, the lobby for the host and for a guest, pass and play behind the curtain, a turn, the
host's tools, a request to be let in, an onlooker, the end of a game with the nights' score); and what the page
stores in the room's database is never a translated sentence, so that each device at one table shows its own
language (tests/i18n/pages_seen.py says what is read and what may still be English for now)."""

import pytest
import sqlalchemy as sa
from streamlit.testing.v1 import AppTest

from quitlok.i18n import pseudo
from quitlok.rooms import Rooms
from quitlok.rooms import store as store_module
from tests.app import conftest
from tests.app.conftest import click
from tests.i18n.pages_seen import PSEUDO_ADDRESS, content_shown, english_left, in_pseudo, others_words, shown

PAGE = "pages/together.py"
database_url = conftest.database_url  # a database file of the test's own, which the pages use (a fixture)
#: the names the test gives the people at the table
PEOPLE = frozenset({"Dov", "Zelda", "Ann"})


@pytest.fixture(autouse=True)
def pseudo_language(monkeypatch):
    monkeypatch.setattr(store_module, "COMPUTER_SECONDS", 3600.0)  # computer steps bounded by moves, not time
    in_pseudo(monkeypatch)


@pytest.fixture
def database(database_url):
    store = Rooms(database_url)
    yield store
    store.close()


@pytest.fixture(scope="module")
def allowed():
    return content_shown(), others_words()


def visit(query: dict | None = None) -> AppTest:
    return conftest.visit(PAGE, {**PSEUDO_ADDRESS, **(query or {})})


def no_english(at: AppTest, allowed) -> list[str]:
    """Every text the page shows; fails with the English left in any of them (the room's code is program text)."""
    assert not at.exception, at.exception
    texts = shown(at)
    code = at.session_state["together.room"] if "together.room" in at.session_state else None  # noqa: SIM401
    content, others = allowed
    left = english_left([t.replace(code, " | ") if code else t for t in texts], PEOPLE, content, others)
    assert not left, "\n".join(f"{text[:120]!r}: {runs}" for text, runs in left.items())
    return texts


def code_of(at: AppTest) -> str:
    return at.session_state["together.room"]


def open_room(name: str, computers: int = 0) -> AppTest:
    at = visit()
    at.text_input(key="together.host_name").input(name)
    at.number_input(key="together.computers").set_value(computers)
    return click(at, "together.create")


def test_the_way_in_and_a_wrong_code(database, allowed):
    texts = no_english(visit(), allowed)
    assert pseudo("Open a room") in texts and pseudo("Your name at the table") in texts
    no_english(visit({"room": "QQQQQQ"}), allowed)


def test_the_lobby_for_the_host_and_a_guest_and_pass_and_play(database, allowed):
    host = open_room("Dov", computers=1)
    code = code_of(host)
    texts = no_english(host, allowed)
    assert pseudo("Add a computer player") in texts and pseudo("Start the game") in texts
    host.text_input(key="together.here_name").input("Ann")
    no_english(click(host, "together.here"), allowed)
    guest = visit({"room": code})
    no_english(guest, allowed)  # the room's own way in: a name, and sit down
    guest.text_input(key="together.join_name").input("Zelda")
    no_english(click(guest, "together.join"), allowed)


def test_a_game_its_curtain_turn_host_tools_requests_and_end(database, allowed):
    host = open_room("Dov", computers=1)
    code = code_of(host)
    host.text_input(key="together.here_name").input("Ann")
    click(host, "together.here")
    click(host, "together.start")
    texts = no_english(host, allowed)  # two people on this device: the curtain, or whose turn it is
    assert pseudo("Host's tools") in texts and pseudo("Turn timer") in texts
    if "together.uncover" in [b.key for b in host.button]:
        no_english(click(host, "together.uncover"), allowed)  # a turn, with the move bar
    late = visit({"room": code})  # a new device: too late to sit down, watch, or ask for a seat
    no_english(late, allowed)
    late.text_input(key="together.ask_name").input("Ann")
    no_english(click(late, "together.ask"), allowed)  # waiting to be let in, watching meanwhile
    host.run()
    texts = no_english(host, allowed)  # the request to be let in
    assert any(pseudo("Let them in") == t for t in texts)
    host.checkbox(key="together.sure").check().run()
    texts = no_english(click(host, "together.end"), allowed)  # the summary, the nights, a rematch
    assert pseudo("The host ended the game") in texts and pseudo("Night by night") in texts


def test_nothing_the_page_stores_is_a_translated_sentence(database, database_url, allowed):
    """Each device at a table shows its own language: whatever the page writes to the room's database (the room,
    its seats, its game, its requests and nights) is keys, values, names and events, never a sentence made in
    the language of the device that wrote it. The pseudo-language changes every letter it translates, so any of
    its letters in the database is a translated text stored."""
    host = open_room("Dov", computers=1)
    code = code_of(host)
    host.selectbox(key="together.add_style").set_value("bold").run()
    click(host, "together.add_computer")
    host.text_input(key="together.here_name").input("Ann")
    click(host, "together.here")
    click(host, "together.start")
    host.selectbox(key="together.timer").set_value(60).run()
    late = visit({"room": code})
    late.text_input(key="together.ask_name").input("Ann")
    click(late, "together.ask")
    host.checkbox(key="together.sure").check().run()
    click(host, "together.end")
    assert translated_in(database_url) == []


#: the letters only the pseudo-language writes
PSEUDO_LETTERS = frozenset(pseudo("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"))


def translated_in(url: str) -> list[tuple[str, str, str]]:
    """(table, column, text) for every text in the database that holds a letter of the pseudo-language."""
    engine = sa.create_engine(url)
    found = []
    try:
        meta = sa.MetaData()
        meta.reflect(engine)
        with engine.connect() as conn:
            for table in meta.sorted_tables:
                for row in conn.execute(table.select()):
                    for column, value in row._mapping.items():
                        text = value.decode("utf-8", "replace") if isinstance(value, bytes) else value
                        if isinstance(text, str) and PSEUDO_LETTERS & set(text):
                            found.append((table.name, column, text[:200]))
    finally:
        engine.dispose()
    return found
