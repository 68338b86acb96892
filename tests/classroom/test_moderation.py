"""Who is in a class session (issue 24, items 2 and 3), on SQLite and PostgreSQL: the teacher hides, renames
and removes pupils; friendly names instead of nicknames; refused words; one device is one pupil; a late
joiner's score; a database made before these columns."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quitlok import QUITLOK
from quitlok.classroom import HAND_VALUE
from quitlok.classroom.errors import Removed
from quitlok.classroom.names import friendly_names, refused_word
from quitlok.classroom.store import ADDED_COLUMNS, Classes
from quitlok.rooms import BadName, NotHost
from quitlok.text import isolated
from tests.rooms.conftest import clock, database_url, postgres_url  # noqa: F401  (fixtures)


@pytest.fixture
def classes(database_url, clock):  # noqa: F811
    store = Classes(database_url, clock=clock)
    yield store
    store.close()


def right_answer(classes, teacher, pupil):
    question = classes.view(teacher.code, teacher.token).round.question
    classes.answer(teacher.code, pupil.token, question.answer)


def test_a_late_joiner_is_scored_on_the_questions_asked_since_he_joined(classes):
    teacher = classes.create(QUITLOK, seed=3)
    early = classes.join(teacher.code, "Early")
    for _ in range(2):
        classes.ask(teacher.code, teacher.token, HAND_VALUE)
        right_answer(classes, teacher, early)
        classes.reveal(teacher.code, teacher.token)
    late = classes.join(teacher.code, "Late")
    assert classes.view(teacher.code, late.token).score == (0, 0), "nothing was asked since he joined"
    classes.ask(teacher.code, teacher.token, HAND_VALUE)
    during = classes.join(teacher.code, "During")  # joins while the question is open: it is his to answer
    right_answer(classes, teacher, late)
    classes.reveal(teacher.code, teacher.token)
    assert classes.view(teacher.code, late.token).score == (1, 1)
    assert classes.view(teacher.code, during.token).score == (0, 1)
    assert classes.view(teacher.code, early.token).score == (2, 3)


def test_one_device_is_one_pupil_however_often_it_joins(classes):
    teacher = classes.create(QUITLOK, seed=3)
    first = classes.join(teacher.code, "Puppet 0")
    for n in range(1, 60):
        again = classes.join(teacher.code, f"Puppet {n}", held=[first.token])
        assert (again.student, again.token) == (first.student, first.token)
    view = classes.view(teacher.code, teacher.token)
    assert view.class_size == 1 and [s[1] for s in view.students] == ["Puppet 0"]


def test_the_teacher_renames_a_pupil_everywhere(classes):
    teacher = classes.create(QUITLOK, seed=3)
    rude, other = classes.join(teacher.code, "Rude name"), classes.join(teacher.code, "Dina")
    before = classes.version(teacher.code)
    classes.rename(teacher.code, teacher.token, rude.student, "Blue Dreidel")
    assert classes.version(teacher.code) == before + 1, "every screen redraws with the new name"
    assert classes.view(teacher.code, rude.token).nickname == "Blue Dreidel"
    assert [s[1] for s in classes.view(teacher.code, teacher.token).students] == ["Blue Dreidel", "Dina"]
    with pytest.raises(BadName):
        classes.rename(teacher.code, teacher.token, rude.student, "dina")
    with pytest.raises(NotHost):
        classes.rename(teacher.code, other.token, rude.student, "Hacked")
    classes.join(teacher.code, "Rude name")  # the old name is free again


def test_a_removed_pupil_is_gone_and_his_device_cannot_come_back(classes):
    teacher = classes.create(QUITLOK, seed=3)
    puppet, real = classes.join(teacher.code, "Puppet"), classes.join(teacher.code, "Real")
    classes.ask(teacher.code, teacher.token, HAND_VALUE)
    right_answer(classes, teacher, puppet)
    classes.remove(teacher.code, teacher.token, puppet.student)
    with pytest.raises(Removed, match="teacher"):
        classes.view(teacher.code, puppet.token)
    with pytest.raises(Removed):
        classes.answer(teacher.code, puppet.token, 0)
    with pytest.raises(Removed):
        classes.join(teacher.code, "Puppet again", held=[puppet.token])
    view = classes.view(teacher.code, teacher.token)
    assert [s[1] for s in view.students] == ["Real"] and view.answered == 0, "his answer went with him"
    newcomer = classes.join(teacher.code, "Newcomer")
    assert newcomer.student not in (puppet.student, real.student), "a number is never given twice"
    with pytest.raises(NotHost):
        classes.remove(teacher.code, real.token, newcomer.student)


def test_friendly_names_instead_of_nicknames(classes):
    teacher = classes.create(QUITLOK, seed=3, friendly=True)
    names = friendly_names()
    assert len(names) >= 30, "enough for a class"
    with pytest.raises(BadName, match="list"):
        classes.join(teacher.code, "Anything I like")
    classes.join(teacher.code, names[0])
    assert classes.free_names(teacher.code) == names[1:]
    assert classes.view(teacher.code, teacher.token).friendly
    classes.choose_names(teacher.code, teacher.token, False)
    classes.join(teacher.code, "Free again")


@pytest.mark.parametrize("name", ["shit", "Sh1t head", "F U C K", "b.i.t.c.h", "ＦＵＣＫ", "fück"])
def test_a_refused_word_is_refused_however_it_is_dressed(classes, name):
    teacher = classes.create(QUITLOK, seed=3)
    with pytest.raises(BadName, match="not allowed"):
        classes.join(teacher.code, name)


@pytest.mark.parametrize("name", ["Sussex", "Dickens", "Nazir", "Pornchai", "מיכל", "Miriam", "Scott"])
def test_ordinary_names_are_not_refused(name):
    assert not refused_word(name)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["shit", "fuck", "bitch"]), st.text(max_size=4), st.text(max_size=4))
def test_a_refused_word_inside_any_name_is_found(word, before, after):
    assert refused_word(before + word.upper() + after)


@settings(max_examples=200, deadline=None)
@given(st.text(min_size=1, max_size=20))
def test_any_name_reads_as_one_isolated_run(name):
    shown = isolated(name)
    assert shown.startswith("\u2068") and shown.endswith("\u2069")
    depth = 0
    for char in shown[1:-1]:  # nothing inside closes the isolate around it early
        depth += char in "\u2066\u2067\u2068"
        depth -= char == "\u2069"
        assert depth >= 0
    assert depth == 0


def test_a_database_made_before_these_columns_gets_them(database_url, clock):  # noqa: F811
    old = Classes(database_url, clock=clock)
    teacher = old.create(QUITLOK, seed=3)
    pupil = old.join(teacher.code, "Old")
    with old._engine.begin() as conn:
        for table, name in ADDED_COLUMNS:
            conn.exec_driver_sql(f"ALTER TABLE {table.name} DROP COLUMN {name}")
    old.close()
    new = Classes(database_url, clock=clock)
    try:
        assert new.view(teacher.code, pupil.token).nickname == "Old"
        new.join(teacher.code, "New")
        new.remove(teacher.code, teacher.token, pupil.student)
        assert [s[1] for s in new.view(teacher.code, teacher.token).students] == ["New"]
    finally:
        new.close()
