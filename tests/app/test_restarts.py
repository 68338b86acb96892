"""What the practice table and the quiz say when a restart or a reload took their game or round
(quitlok/ui/restarts.py); the browser's side is tests/e2e/test_restart_browser.py."""

from types import SimpleNamespace

import pytest

from quitlok.ui import restarts
from tests.app.conftest import click, open_page, texts


@pytest.fixture
def browser_says(monkeypatch):
    """Stand in for the browser's component: record what it is told, and report `said["lost"]` once."""
    said = {"lost": None, "data": []}

    def component(*, data, key, on_lost_change):
        said["data"].append(data)
        lost, said["lost"] = said["lost"], None
        return SimpleNamespace(lost=lost)

    monkeypatch.setattr(restarts, "_held", component)
    return said


def test_the_practice_table_says_a_restart_lost_the_game_until_a_new_one(app, browser_says):
    open_page(app, "pages/play.py")
    assert browser_says["data"][-1]["holding"] == ""
    browser_says["lost"] = "restart:game"
    app.run()
    assert "The app restarted, and your game was lost." in texts(app)
    app.run()
    assert "your game was lost" in texts(app)  # it stays said
    click(app, "play.start")
    assert "your game was lost" not in texts(app)
    assert browser_says["data"][-1]["holding"] == "game"  # the browser learns that a game is on, nothing more


def test_the_browser_hears_of_a_game_never_of_its_cards(app, browser_says):
    open_page(app, "pages/play.py")
    click(app, "play.start")
    assert {tuple(sorted(d)) for d in browser_says["data"]} == {("holding", "name", "session")}
    assert {d["holding"] for d in browser_says["data"]} <= {"", "game"}


def test_a_reload_is_said_as_a_reload_and_a_game_in_progress_is_never_called_lost(app, browser_says):
    open_page(app, "pages/play.py")
    browser_says["lost"] = "reload:game"
    app.run()
    assert "The page was reloaded" in texts(app)
    click(app, "play.start")
    browser_says["lost"] = "restart:game"  # a report while this session holds a game changes nothing
    app.run()
    assert "was lost" not in texts(app)


def test_the_quiz_says_a_lost_round_until_the_first_answer(app, browser_says):
    open_page(app, "pages/quiz.py")
    browser_says["lost"] = "restart:round"
    app.run()
    assert "this quiz round begins again" in texts(app)
    app.radio(key="quiz.choice").set_value(0).run()
    click(app, "quiz.check")
    assert "begins again" not in texts(app)
