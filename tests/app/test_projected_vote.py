"""The class table's vote on the projected screen (?class=CODE&screen=projector), in AppTest: while the class
votes, the options are listed (in two columns when there are many, a bet of 1 to 20: that, and that the screen
fits 1280x720, tests/e2e/test_projector_browser.py); once the vote is closed, the chart has a bar for each
option with votes and for the move played, each with its words, since the list is gone. A bet's twenty bars,
labelled with letters alone, ran off a 720-px screen and left the letters unexplained."""

import json

import pytest

from quitlok.classroom.store import Classes
from quitlok.rules import QUITLOK
from quitlok.text import FSI, PDI
from quitlok.ui import charts
from tests.app import conftest
from tests.app.conftest import click, texts
from tests.app.test_classroom_page import PAGE, database  # noqa: F401


def vote_of_many_options(classes: Classes):
    """A class table whose first vote has more options than a projected list holds in one column."""
    for seed in range(60):
        teacher = classes.create(QUITLOK, seed=seed)
        pupils = [classes.join(teacher.code, f"Zed {i}") for i in range(3)]
        classes.start_table(teacher.code, teacher.token)
        if len(classes.view(teacher.code, teacher.token).table.legal) > 8:
            classes.open_vote(teacher.code, teacher.token)
            return teacher, pupils
    pytest.fail("no deal of 60 gives the class more than 8 moves")  # pragma: no cover


def projector(code: str):
    """The computer the projector shows, made the session's projected screen by its code (as a teacher does)."""
    at = conftest.visit(PAGE)
    at.text_input(key="class.project_code").input(code)
    return click(at, "class.project")


def bars(at) -> tuple[list[str], list[str], list[int]]:
    """The projected chart's bars: their labels, the words on the axis (each option's words isolated, as the app
    shows words in a chart: quitlok.ui.names), and their counts."""
    (chart,) = at.get("plotly_chart")
    spec = json.loads(chart.proto.spec)
    (trace,) = spec["data"]
    return list(trace["y"]), list(spec["layout"]["yaxis"]["ticktext"]), list(trace["x"])


def label(letter: str, option: str) -> str:
    return f"{letter}. {FSI}{option}{PDI}"


def test_a_closed_vote_is_charted_with_the_moves_voted_for_and_their_words(database):  # noqa: F811
    teacher, pupils = vote_of_many_options(database)
    options = database.view(teacher.code, teacher.token).round.vote.options
    for pupil, pick in zip(pupils, (3, 3, 0), strict=True):
        database.answer(teacher.code, pupil.token, pick)
    at = projector(teacher.code)
    assert not at.exception
    listed = texts(at)
    assert all(f"**{chr(65 + i)}. {option}**" in listed for i, option in enumerate(options)), "every option listed"
    assert not at.get("plotly_chart"), "no chart while the class votes"

    database.reveal(teacher.code, teacher.token)
    at.run()
    assert not at.exception
    labels, ticks, counts = bars(at)
    assert labels == [label("A", options[0]), label("D", options[3])] == ticks, "the options voted for, in words"
    assert counts == [1, 2]
    said, priced = texts(at), database.view(teacher.code, teacher.token).round.vote.values
    if priced:  # what the move was worth, as the teacher's device says (the advisor prices bets, not a bank's stake)
        assert f"The class chose **{options[3]}**: " in said, said
        assert "chips worse on average than the best" in said or "the best move here" in said
    else:
        assert f"The class chose **{options[3]}**." in said


def test_the_played_move_has_a_bar_though_nobody_voted_for_it():
    options = ("Blot (free face-up card)",) + tuple(f"Bet {n}" for n in range(1, 20))
    figure = charts.class_choices_chart(options, [0] * 20, None, large=True, voted=0)
    (trace,) = figure.data
    assert list(trace.y) == [label("A", "Blot (free face-up card)")] and list(trace.x) == [0]
    assert figure.layout.height <= 200, "one bar is one bar high"
    everything = charts.class_choices_chart(options, [0] * 20, None, large=True)
    assert list(everything.layout.yaxis.ticktext)[:3] == ["A", "B", "C"], "a question's chart: letters, listed beside"

