"""Homework in the database (quitlok.classroom.homework), on SQLite and PostgreSQL: set, done under a class name,
seen by the teacher alone, and deleted with every pupil's work once the teacher's period has passed."""

import pytest
import sqlalchemy as sa

from quitlok import KVITLACH, QUITLOK
from quitlok.classroom import ClassroomError
from quitlok.classroom.homework import DAY, HOMEWORK, HOMEWORK_PUPILS, HOMEWORK_WORK, MAX_DAYS, Homeworks, quiz_question
from quitlok.classroom.questions import make_question
from quitlok.rooms import BadName, NotHost, NotSeated, RoomNotFound
from tests.rooms.conftest import clock, database_url, postgres_url  # noqa: F401  (fixtures)


@pytest.fixture
def homeworks(database_url, clock):  # noqa: F811
    store = Homeworks(database_url, clock=clock)
    yield store
    store.close()


def wrong_of(question) -> float:
    return float((question.answer + 1) % len(question.options)) if question.slider is None else 0.0 if \
        question.answer_percent > 50 else 100.0


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH], ids=lambda r: r.name)
def test_a_homework_is_set_done_and_seen(homeworks, rules):
    teacher = homeworks.create(rules, title="Week 1", lessons=("02_counting", "01_pack"), quiz_questions=7,
                               questions=3, days=7, seed=9)
    ann, ben = homeworks.join(teacher.code, "Ann"), homeworks.join(teacher.code.lower(), "Ben")
    work = homeworks.view(teacher.code, ann.token)
    assert work.lessons == ("01_pack", "02_counting") and len(work.quiz) == 7 and len(work.questions) == 3
    assert work.name == "Ann" and not work.is_teacher and work.mine == {}
    assert len({q.prompt for q in work.quiz}) == 7, "seven questions, not one seven times"
    for n, q in enumerate(work.quiz):
        assert homeworks.answer(teacher.code, ann.token, f"quiz:{n}", float(q.answer))
    first = work.questions[0]
    assert not homeworks.answer(teacher.code, ben.token, "question:0", wrong_of(first))
    assert homeworks.hand_in_lessons(teacher.code, ann.token, ("01_pack", "07_aluvun")) == 1
    assert homeworks.hand_in_lessons(teacher.code, ann.token, ("01_pack",)) == 0
    assert homeworks.view(teacher.code, ann.token).right() == (7, 7)
    assert homeworks.view(teacher.code, ben.token).right() == (0, 1)
    report = homeworks.report(teacher.code, teacher.token)
    rows = {p.name: p for p in report.pupils}
    assert (rows["Ann"].lessons, rows["Ann"].quiz, rows["Ann"].questions) == (1, (7, 7), (0, 0))
    assert (rows["Ben"].lessons, rows["Ben"].quiz, rows["Ben"].questions) == (0, (0, 0), (0, 1))
    assert report.lessons == (("01_pack", 1), ("02_counting", 0))
    assert report.questions.questions[0].answered == 1 and report.questions.questions[0].right == 0
    assert make_question(first.kind, rules, first.seed) == first


def test_the_first_answer_counts(homeworks):
    teacher = homeworks.create(QUITLOK, quiz_questions=1, seed=1)
    ann = homeworks.join(teacher.code, "Ann")
    question = homeworks.view(teacher.code, ann.token).quiz[0]
    wrong = (question.answer + 1) % len(question.options)
    assert not homeworks.answer(teacher.code, ann.token, "quiz:0", wrong)
    with pytest.raises(ClassroomError, match="first answer counts"):
        homeworks.answer(teacher.code, ann.token, "quiz:0", question.answer)
    result = homeworks.report(teacher.code, teacher.token).quiz[0]
    assert (result.answered, result.right) == (1, 0)
    assert result.wrong == ((question.options[wrong], 1, question.feedback[wrong]),), "where the class went wrong"


def test_only_the_teacher_sees_the_report_and_names_are_unique(homeworks):
    teacher = homeworks.create(QUITLOK, quiz_questions=1)
    ann = homeworks.join(teacher.code, "Ann")
    with pytest.raises(NotHost):
        homeworks.report(teacher.code, ann.token)
    with pytest.raises(BadName):
        homeworks.join(teacher.code, "ann")
    with pytest.raises(NotSeated):
        homeworks.view(teacher.code, "not a key")
    with pytest.raises(NotSeated):
        homeworks.answer(teacher.code, teacher.token, "quiz:0", 0)


@pytest.mark.parametrize("bad", [{"quiz_questions": 0}, {"quiz_questions": 11}, {"days": 0},
                                 {"days": MAX_DAYS + 1}, {"lessons": ("99_none",)}, {"title": "a\nb"},
                                 {"questions": 1, "kinds": ("nonsense",)}, {"days": 2.5}])
def test_a_homework_that_cannot_be_set_is_refused(homeworks, bad):
    with pytest.raises(ClassroomError):
        homeworks.create(QUITLOK, **{"quiz_questions": 1, **bad})


@pytest.mark.parametrize("item, response", [("quiz:5", 0), ("lesson:01_pack", 0), ("quiz:x", 0), ("quiz:0", 9),
                                            ("question:0", 101.0), (None, 0)])
def test_an_answer_that_is_no_answer_is_refused(homeworks, item, response):
    teacher = homeworks.create(QUITLOK, quiz_questions=1, questions=1, kinds=("bust_chance",))
    ann = homeworks.join(teacher.code, "Ann")
    with pytest.raises(ClassroomError):
        homeworks.answer(teacher.code, ann.token, item, response)


def test_a_homework_is_deleted_with_its_work_when_its_period_ends(homeworks, clock):  # noqa: F811
    teacher = homeworks.create(QUITLOK, quiz_questions=1, days=3)
    ann = homeworks.join(teacher.code, "Ann")
    homeworks.answer(teacher.code, ann.token, "quiz:0", 0)
    clock.now += 3 * DAY - 60
    assert homeworks.view(teacher.code, teacher.token).is_teacher
    clock.now += 61
    with pytest.raises(RoomNotFound):
        homeworks.view(teacher.code, ann.token)
    assert homeworks.purge() >= 1  # (PostgreSQL's database is shared by the session's tests)
    with homeworks._transaction(write=False) as conn:
        for table in (HOMEWORK, HOMEWORK_PUPILS, HOMEWORK_WORK):
            assert conn.execute(sa.select(sa.func.count()).select_from(table)
                                .where(table.c.code == teacher.code)).scalar_one() == 0


def test_keys_are_kept_only_as_hashes(homeworks):
    teacher = homeworks.create(QUITLOK, quiz_questions=1)
    ann = homeworks.join(teacher.code, "Ann")
    with homeworks._transaction(write=False) as conn:
        dump = repr(conn.execute(sa.text("SELECT * FROM quitlok_homework")).all()
                    + conn.execute(sa.text("SELECT * FROM quitlok_homework_pupils")).all())
    assert teacher.token not in dump and ann.token not in dump


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH], ids=lambda r: r.name)
def test_every_quiz_generator_makes_a_question_under_both_presets(rules):
    for seed in range(40):
        question = quiz_question(rules, seed)
        assert 0 <= question.answer < len(question.options)
