"""Play together, issue 22 item 2: a game that every person left, which the room ended (tests/rooms/
test_abandoned.py), is said plainly to a person who comes back: why it ended, that each seat kept what it held
and that the host can start again; the page no longer follows the room every second."""

import time

from quitlok.rooms import GONE_SECONDS, Rooms
from tests.app.conftest import click, texts
from tests.app.test_together_page import code_of, database, moves_not_time, open_room, tokens_of  # noqa: F401


def test_a_person_back_at_a_game_everyone_left_reads_why_it_ended(database, database_url):  # noqa: F811
    at = open_room("Dov", computers=2)
    click(at, "together.start")  # the page's heartbeat says Dov is here
    code = code_of(at)
    later = Rooms(database_url, clock=lambda: time.time() + GONE_SECONDS + 60)
    try:
        assert later.watch(code).abandoned, "nobody's page had been here for GONE_SECONDS"
    finally:
        later.close()
    at.run()  # Dov's page again
    page = texts(at)
    assert "The game is over" in page and "The host ended the game" not in page
    assert f"Everyone at the table had been away for {GONE_SECONDS // 60} minutes" in page
    assert "looks for it every few seconds" in page, "not followed every second any more"
    assert at.table[0].value["Chips now"].sum() == 3 * 20
    assert database.view(code, tokens_of(at)[0]).abandoned
