"""The suite's own scheduling (tests/conftest.py, tests/run_suite.sh): the longest tests start first."""

import importlib
from types import SimpleNamespace

from tests.conftest import LONGEST_FIRST, ROOT, longest_first


def test_every_test_named_longest_first_exists():
    """A test renamed or removed must leave LONGEST_FIRST too: each entry names a module and, where it names
    one, a test function of it."""
    for start in LONGEST_FIRST:
        path, _, name = start.partition("::")
        assert (ROOT / path).is_file(), start
        module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
        function = name.split("[")[0]
        assert not function or callable(getattr(module, function, None)), start


def test_the_longest_tests_come_first_and_the_rest_keep_their_order():
    ids = ["tests/odds/test_odds.py::test_a", "tests/engine/test_bots.py::test_computer_players_only_take_legal_actions"
           "[BestPlayer-rules0]", "tests/engine/test_bots.py::test_computer_players_only_take_legal_actions[bold]",
           "tests/e2e/test_lessons_browser.py::test_b", "tests/app/test_pages.py::test_c",
           LONGEST_FIRST[0]]
    items = [SimpleNamespace(nodeid=nodeid) for nodeid in ids]
    longest_first(items)
    assert [item.nodeid for item in items] == [ids[5], ids[3], ids[1], ids[0], ids[2], ids[4]]
