"""A vote at the class table keeps the moves themselves (quitlok.state_json.action_to_dict), not the buttons'
words; a vote an earlier version stored as labels is still read, and closed by playing the move its label names."""

import json

import pytest
import sqlalchemy as sa

from quitlok import KVITLACH, QUITLOK
from quitlok.classroom.store import CLASSES, Classes
from quitlok.game import action_label
from quitlok.state_json import action_from_dict, action_to_dict
from tests.rooms.conftest import _engine, clock, database_url, postgres_url  # noqa: F401  (fixtures)


@pytest.fixture
def classes(database_url, clock):  # noqa: F811
    store = Classes(database_url, clock=clock)
    yield store
    store.close()


def stored_rounds(classes: Classes, code: str) -> list[dict]:
    with _engine(classes.url).connect() as conn:
        return json.loads(conn.execute(sa.select(CLASSES.c.rounds).where(CLASSES.c.code == code)).scalar())


def open_vote(classes: Classes, rules):
    teacher = classes.create(rules, seed=11)
    students = [classes.join(teacher.code, f"Kid {i}") for i in range(2)]
    classes.start_table(teacher.code, teacher.token)
    table = classes.view(teacher.code, teacher.token).table
    assert table.legal, "the class's seat is the first to act"
    classes.open_vote(teacher.code, teacher.token)
    return teacher, students, table


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH])
def test_a_vote_stores_the_moves_and_names_them_as_the_buttons_do(classes, rules):
    teacher, students, table = open_vote(classes, rules)
    stored = stored_rounds(classes, teacher.code)[-1]
    assert stored["vote"] == [action_to_dict(a) for a in table.legal]
    assert not any(isinstance(option, str) for option in stored["vote"]), "no button's words are kept"
    vote = classes.view(teacher.code, students[0].token).round.vote
    assert vote.actions == table.legal
    assert vote.options == tuple(action_label(table.state, a) for a in table.legal)
    last = len(vote.options) - 1
    for kid in students:
        classes.answer(teacher.code, kid.token, last)
    classes.reveal(teacher.code, teacher.token)
    closed = classes.view(teacher.code, teacher.token)
    assert closed.round.vote.chosen == last and closed.table.version > table.version
    assert closed.round.vote.options == vote.options


def test_a_vote_stored_as_labels_by_an_earlier_version_is_read_and_closed(classes):
    teacher, students, table = open_vote(classes, QUITLOK)
    rounds = stored_rounds(classes, teacher.code)
    labels = [action_label(table.state, action_from_dict(a)) for a in rounds[-1]["vote"]]
    rounds[-1] = {"vote": labels, "room_version": rounds[-1]["room_version"]}
    with _engine(classes.url).begin() as conn:
        conn.execute(sa.update(CLASSES).where(CLASSES.c.code == teacher.code).values(rounds=json.dumps(rounds)))
    vote = classes.view(teacher.code, students[0].token).round.vote
    assert vote.options == tuple(labels) and vote.actions == ()
    for kid in students:
        classes.answer(teacher.code, kid.token, 0)
    classes.reveal(teacher.code, teacher.token)
    closed = classes.view(teacher.code, teacher.token)
    assert closed.round.vote.chosen == 0 and closed.table.version > table.version
