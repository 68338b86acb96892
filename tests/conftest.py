"""Shared fixtures and helpers for every test folder.

The suite runs in parallel (pytest-xdist, README "Run the tests"): every file a test writes is in a temporary
folder of its own, every server listens on a free port, and the browser tests run one after another on one
worker (tests/e2e/conftest.py).
"""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture(scope="session", autouse=True)
def rooms_of_the_test_session(tmp_path_factory):
    """Pages and stores that find no database of their own keep their rooms and class sessions in a SQLite file
    of this test session's (each xdist worker's) own, never in the app's .data/rooms.sqlite3, which two workers,
    or a server someone runs beside the tests, would share. Tests that need a database of their own still set
    QUITLOK_DATABASE_URL themselves (tests/app/conftest.py's database_url)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("QUITLOK_DATABASE_URL", f"sqlite:///{tmp_path_factory.mktemp('rooms') / 'rooms.sqlite3'}")
        yield
