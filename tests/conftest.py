"""Shared fixtures and helpers for every test folder.

The suite runs in parallel (pytest-xdist, README "Run the tests", tests/run_suite.sh): every file a test writes is
in a temporary folder of its own and every server listens on a free port, so that the browser tests and the rest
can run at the same time, each on workers of their own.
"""

import sys
from pathlib import Path

import pytest

from quitlok import costly

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture(scope="session", autouse=True)
def rooms_of_the_test_session(tmp_path_factory):
    """Pages and stores that find no database of their own keep their rooms and class sessions in a SQLite file
    of this test session's (each xdist worker's) own, never in the app's .data/rooms.sqlite3, which two workers,
    or a server someone runs beside the tests, would share. Tests that need a database of their own still set
    QUITLOK_DATABASE_URL themselves (tests/app/conftest.py's database_url). Expensive questions are worked out in
    the test's own process (QUITLOK_WORKERS=0, quitlok.costly.away), where a test can replace what they call;
    tests/odds/test_workers.py runs them in worker processes as the app does.

    A question's budget of CPU time (quitlok.costly.BUDGET) is the app's guard for its server, and a machine's
    speed: a test of an answer asks for the answer, so it is given ROOMY_BUDGET, and a test of the guard itself
    asks for the app's budget (the `apps_budget` fixture). A loaded CI machine once took more than the app's second
    for a position this machine answers in a quarter of one; five seconds keep a page that asks
    a table too large to answer (the fuzzers, the limits) from running long. (A worker process of
    tests/odds/test_workers.py imports quitlok.costly afresh and keeps the app's budget, as the app's workers do.)"""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("QUITLOK_DATABASE_URL", f"sqlite:///{tmp_path_factory.mktemp('rooms') / 'rooms.sqlite3'}")
        patch.setenv("QUITLOK_WORKERS", "0")
        patch.setattr(costly, "BUDGET", ROOMY_BUDGET)
        yield


#: the app's budget of CPU time for one costly question, and the one the tests of answers give it
APPS_BUDGET, ROOMY_BUDGET = costly.BUDGET, 5.0


@pytest.fixture
def apps_budget(monkeypatch):
    """The app's own budget of CPU time for one question, for a test of the guard (see rooms_of_the_test_session)."""
    monkeypatch.setattr(costly, "BUDGET", APPS_BUDGET)
    return APPS_BUDGET


#: the tests that took longest on the quiet 2-core machine (README "Run the tests"), as the start of their ids: they
#: are started first, so that pytest-xdist never leaves one of them running alone on one worker at the end of a run
#: while the others wait (the order of the rest is unchanged; a module's own order is kept where it shares a fixture)
LONGEST_FIRST = (
    "tests/e2e/test_classroom_browser.py::test_a_teacher_and_five_phones_play_three_questions",
    "tests/e2e/test_lessons_browser.py::",
    "tests/e2e/test_names_browser.py::",
    "tests/e2e/test_together_browser.py::test_three_people_play_a_hand_together",
    "tests/app/test_names_are_text.py::test_names_in_a_room_are_text_from_the_lobby_to_the_end_of_the_game",
    "tests/engine/test_bots.py::test_computer_players_only_take_legal_actions[BestPlayer",
    "tests/app/test_rule_combinations.py::test_the_advisor_answers_every_rule_set_at_the_limits",
    "tests/engine/test_properties.py::",
    "tests/engine/test_seat_log.py::test_no_seat_reads_a_card_it_could_not_see",
    "tests/app/test_classroom_page.py::test_a_teacher_and_five_students_go_through_three_questions",
)


def longest_first_rank(nodeid: str) -> int:
    """The place of a test id in LONGEST_FIRST (the first prefix it starts with), or len(LONGEST_FIRST)."""
    return next((rank for rank, start in enumerate(LONGEST_FIRST) if nodeid.startswith(start)), len(LONGEST_FIRST))


def longest_first(items: list) -> None:
    """Sort the collected items (with a .nodeid) in place: LONGEST_FIRST's first, in its order; the sort is
    stable, so that every other test keeps its place relative to the rest."""
    items.sort(key=lambda item: longest_first_rank(item.nodeid))


def pytest_collection_modifyitems(items):
    longest_first(items)
