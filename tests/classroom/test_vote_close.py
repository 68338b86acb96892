"""Closing the class table's vote (issue 24, item 3), on SQLite and PostgreSQL: one transaction, so the chart
shown and the move played agree even with votes arriving as the teacher closes, and a close either happens
whole or not at all."""

import contextlib
import random
import threading
import time

import pytest

from quitlok import QUITLOK
from quitlok.classroom import ClassroomError
from quitlok.classroom import store as store_module
from quitlok.classroom.store import Classes
from quitlok.rooms import StaleView
from tests.rooms.conftest import clock, database_url, postgres_url  # noqa: F401  (fixtures)


@pytest.fixture
def classes(database_url, clock):  # noqa: F811
    store = Classes(database_url, clock=clock)
    yield store
    store.close()


def voting_class(classes: Classes, pupils: int):
    """A session of `pupils` whose class table waits on the class's move, with a vote open on it."""
    for seed in range(20):
        teacher = classes.create(QUITLOK, seed=seed)
        members = [classes.join(teacher.code, f"Kid {i}") for i in range(pupils)]
        classes.start_table(teacher.code, teacher.token)
        table = classes.view(teacher.code, teacher.token).table
        if len(table.legal) >= 2:
            classes.open_vote(teacher.code, teacher.token)
            return teacher, members, table
    pytest.skip("no table reached the class's turn with two moves")


def majority(chart: tuple[float, ...], options: int) -> int:
    counts = [sum(1 for r in chart if int(r) == i) for i in range(options)]
    return max(range(options), key=lambda i: (counts[i], -i))


def slowed_coach(delay: float):
    """The advisor, taking `delay` seconds longer: a close that counts before it would miss the votes sent
    meanwhile (as a busy server's would)."""
    real = store_module.coach

    def slow(*args, **kwargs):
        time.sleep(delay)
        return real(*args, **kwargs)

    return slow


@pytest.mark.parametrize("trial", range(3))
def test_the_chart_and_the_move_agree_with_votes_arriving_as_the_vote_closes(classes, monkeypatch, trial):
    monkeypatch.setattr(store_module, "coach", slowed_coach(0.1))
    teacher, pupils, table = voting_class(classes, 12)
    last = len(table.legal) - 1
    for early in pupils[:3]:
        classes.answer(teacher.code, early.token, 0)
    start = threading.Barrier(10)
    refused, errors = [], []

    def late(pupil, delay):
        start.wait()
        time.sleep(delay)
        try:
            classes.answer(teacher.code, pupil.token, last)
        except ClassroomError:
            refused.append(pupil)  # after the close: refused, and not in the chart
        except Exception as problem:  # noqa: BLE001  (reported below)
            errors.append(problem)

    rng = random.Random(trial)
    threads = [threading.Thread(target=late, args=(p, rng.uniform(0, 0.25))) for p in pupils[3:]]
    for thread in threads:
        thread.start()
    start.wait()
    classes.reveal(teacher.code, teacher.token)
    for thread in threads:
        thread.join()
    assert errors == []
    closed = classes.view(teacher.code, teacher.token)
    vote = closed.round.vote
    assert vote.chosen == majority(closed.responses, len(vote.options)), "the chart shows what was played"
    assert len(closed.responses) == 12 - len(refused), "every vote taken is in the chart; none after the close"
    assert list(vote.counts) == [sum(1 for r in closed.responses if int(r) == i) for i in range(len(vote.options))]
    assert closed.table.version > table.version


def test_a_close_while_another_teacher_screen_changes_the_session_happens_whole(classes, monkeypatch):
    """The other screen turns on the top five while the close works: the close still plays the move and
    writes the session (before, it played the move, said "nothing was done" and left the vote open on a
    table that had moved on, so it could never be closed)."""
    teacher, pupils, table = voting_class(classes, 3)
    for pupil in pupils:
        classes.answer(teacher.code, pupil.token, 0)
    real = store_module.coach

    def other_screen_meanwhile(*args, **kwargs):
        other = threading.Thread(target=classes.show_board, args=(teacher.code, teacher.token, True))
        other.start()
        other.join(timeout=10)
        return real(*args, **kwargs)

    monkeypatch.setattr(store_module, "coach", other_screen_meanwhile)
    with contextlib.suppress(StaleView):  # not at all is allowed too, checked below
        classes.reveal(teacher.code, teacher.token)
    monkeypatch.setattr(store_module, "coach", real)
    after = classes.view(teacher.code, teacher.token)
    if after.phase == "open":  # not at all: the table is where it was, and the vote can still be closed
        assert after.table.version == table.version and after.round.vote.chosen is None
        classes.reveal(teacher.code, teacher.token)
        after = classes.view(teacher.code, teacher.token)
    assert after.phase == "revealed" and after.round.vote.chosen == 0
    assert after.table.version > table.version


def test_a_close_that_fails_after_the_move_leaves_the_table_and_the_session_as_they_were(classes, monkeypatch):
    teacher, pupils, table = voting_class(classes, 3)
    for pupil in pupils:
        classes.answer(teacher.code, pupil.token, 0)
    real = classes.rooms._act_within

    def played_then_failed(*args, **kwargs):
        real(*args, **kwargs)
        raise StaleView("the database went away")

    monkeypatch.setattr(classes.rooms, "_act_within", played_then_failed)
    with pytest.raises(StaleView):
        classes.reveal(teacher.code, teacher.token)
    monkeypatch.undo()
    after = classes.view(teacher.code, teacher.token)
    assert after.phase == "open" and after.table.version == table.version, "nothing of the close was kept"
    classes.reveal(teacher.code, teacher.token)
    assert classes.view(teacher.code, teacher.token).round.vote.chosen == 0
