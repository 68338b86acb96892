"""Reports of a class session (quitlok.classroom.report, read by quitlok.classroom.records): questions numbered as
the screen numbered them, with what shows them again; per-pupil results counted from when a pupil came; CSV
files a spreadsheet reads as text; and the teacher's key alone opens them."""

import csv
import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quitlok import QUITLOK
from quitlok.classroom import BUST_CHANCE, HAND_VALUE, BadResponse, make_question
from quitlok.classroom.records import session_report
from quitlok.classroom.report import Asked, Pupil, build_report, position_words
from quitlok.classroom.store import Classes
from quitlok.rooms import NotHost
from tests.rooms.conftest import clock, database_url, postgres_url  # noqa: F401  (fixtures)


@pytest.fixture
def classes(database_url, clock):  # noqa: F811
    store = Classes(database_url, clock=clock)
    yield store
    store.close()


def rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def right_and_wrong(question) -> tuple[int, int]:
    return question.answer, (question.answer + 1) % len(question.options)


def test_questions_are_numbered_as_on_screen_with_a_vote_between(classes):
    teacher = classes.create(QUITLOK, seed=11)
    ann, ben = classes.join(teacher.code, "Ann"), classes.join(teacher.code, "=Ben")
    classes.ask(teacher.code, teacher.token, HAND_VALUE)
    first = classes.view(teacher.code, teacher.token)
    right, wrong = right_and_wrong(first.round.question)
    classes.answer(teacher.code, ann.token, right)
    classes.answer(teacher.code, ben.token, wrong)
    classes.reveal(teacher.code, teacher.token)
    classes.start_table(teacher.code, teacher.token)
    table = classes.view(teacher.code, teacher.token).table
    if not table.legal:
        pytest.skip("the computer players ended the game before the class's turn")
    classes.open_vote(teacher.code, teacher.token)
    classes.answer(teacher.code, ann.token, 0)
    classes.reveal(teacher.code, teacher.token)
    classes.ask(teacher.code, teacher.token, HAND_VALUE)
    second = classes.view(teacher.code, teacher.token)
    assert second.questions_asked == 2 and second.round_number == 2, "the screen says Question 2 of round 3"
    classes.answer(teacher.code, ann.token, right_and_wrong(second.round.question)[1])
    classes.reveal(teacher.code, teacher.token)

    report = session_report(classes, teacher.code, teacher.token)
    assert [q.number for q in report.questions] == [1, 2]
    assert [q.key for q in report.questions] == [0, 2]
    assert (report.questions[0].answered, report.questions[0].right) == (2, 1)
    q2 = report.questions[1]
    assert make_question(q2.kind, QUITLOK, q2.seed) == second.round.question, "the question can be shown again"
    assert rows(report.questions_csv())[2][0] == "2"
    pupils = {p.name: p for p in report.pupils}
    assert (pupils["Ann"].asked, pupils["Ann"].answered, pupils["Ann"].right) == (2, 2, 1)
    assert (pupils["=Ben"].asked, pupils["=Ben"].answered, pupils["=Ben"].right) == (2, 1, 0)
    table_rows = rows(report.pupils_csv())
    assert table_rows[0] == ["pupil", "asked while there", "answered", "right", "question 1", "question 2"]
    assert table_rows[2][0] == "'=Ben", "a name is never a formula"
    assert table_rows[2][4].endswith("✗") and table_rows[2][5] == ""


def test_an_open_question_is_not_in_the_report_until_revealed(classes):
    teacher = classes.create(QUITLOK, seed=3)
    ann = classes.join(teacher.code, "Ann")
    classes.ask(teacher.code, teacher.token, BUST_CHANCE)
    classes.answer(teacher.code, ann.token, 50)
    assert session_report(classes, teacher.code, teacher.token).questions == ()
    classes.reveal(teacher.code, teacher.token)
    report = session_report(classes, teacher.code, teacher.token)
    assert report.pupils[0].answers[0][0] == "50 %"


def test_a_late_joiner_is_counted_from_his_first_answer(classes):
    teacher = classes.create(QUITLOK, seed=5)
    ann = classes.join(teacher.code, "Ann")
    for _ in range(2):
        classes.ask(teacher.code, teacher.token, HAND_VALUE)
        classes.answer(teacher.code, ann.token, classes.view(teacher.code, ann.token).round.question.answer)
        classes.reveal(teacher.code, teacher.token)
    late = classes.join(teacher.code, "Late")
    classes.ask(teacher.code, teacher.token, HAND_VALUE)
    classes.answer(teacher.code, late.token, classes.view(teacher.code, late.token).round.question.answer)
    classes.reveal(teacher.code, teacher.token)
    pupils = {p.name: p for p in session_report(classes, teacher.code, teacher.token).pupils}
    assert (pupils["Late"].asked, pupils["Late"].right) == (1, 1)
    assert (pupils["Ann"].asked, pupils["Ann"].answered) == (3, 2)


def test_a_pupil_who_let_a_question_pass_is_counted_on_it_as_his_phone_counts_it(classes):
    """A pupil there from the start who did not answer question 1 was asked it: the report counts it, as his
    phone's score ("1 of 2 right so far") and the store do (the report had counted from his first answer: 1)."""
    teacher = classes.create(QUITLOK, seed=5)
    ann, ben = classes.join(teacher.code, "Ann"), classes.join(teacher.code, "Ben")
    for pupils in ([ann], [ann, ben]):
        classes.ask(teacher.code, teacher.token, HAND_VALUE)
        for pupil in pupils:
            classes.answer(teacher.code, pupil.token, classes.view(teacher.code, pupil.token).round.question.answer)
        classes.reveal(teacher.code, teacher.token)
    late = classes.join(teacher.code, "Late")
    classes.ask(teacher.code, teacher.token, HAND_VALUE)
    classes.reveal(teacher.code, teacher.token)  # nobody answers question 3
    report = {p.name: p for p in session_report(classes, teacher.code, teacher.token).pupils}
    for name, member in (("Ann", ann), ("Ben", ben), ("Late", late)):
        right, asked = classes.view(teacher.code, member.token).score
        assert (report[name].right, report[name].asked) == (right, asked), name
    assert [(report[n].asked, report[n].answered) for n in ("Ann", "Ben", "Late")] == [(3, 2), (3, 1), (1, 0)]


def test_the_report_and_the_review_open_only_with_the_teachers_key(classes):
    teacher = classes.create(QUITLOK, seed=5)
    ann = classes.join(teacher.code, "Ann")
    with pytest.raises(NotHost):
        session_report(classes, teacher.code, ann.token)
    classes.ask(teacher.code, teacher.token, HAND_VALUE)
    classes.reveal(teacher.code, teacher.token)
    classes.end(teacher.code, teacher.token)
    assert len(session_report(classes, teacher.code, teacher.token).questions) == 1, "after class, too"


def test_wrong_answers_name_the_misconception():
    for seed in range(200):
        question = make_question(HAND_VALUE, QUITLOK, seed)
        wrong = next((i for i, m in enumerate(question.mistakes) if m), None)
        if wrong is not None:
            break
    report = build_report([Asked(1, 0, question)], [Pupil(0, "Ann")], {(0, 0): float(wrong)})
    shown, count, note = report.questions[0].wrong[0]
    assert shown.startswith(chr(65 + wrong)) and count == 1 and note == question.correction(wrong)
    assert position_words(question.position).startswith("You:")


def test_a_stored_answer_that_is_no_answer_is_refused():
    question = make_question(HAND_VALUE, QUITLOK, 1)
    with pytest.raises(BadResponse):
        build_report([Asked(1, 0, question)], [Pupil(0, "Ann")], {(0, 0): float(len(question.options))})


QUESTIONS = [make_question(kind, QUITLOK, seed) for kind, seed in
             [(HAND_VALUE, 1), (HAND_VALUE, 2), (BUST_CHANCE, 3), (HAND_VALUE, 4)]]


def response(question, value: int) -> float:
    return float(value % len(question.options)) if question.slider is None else float(value % 101)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.tuples(st.integers(0, 3), st.integers(0, 5)), st.integers(0, 200), max_size=24))
def test_pupils_and_questions_add_up(given_answers):
    asked = [Asked(n + 1, 10 * n, q) for n, q in enumerate(QUESTIONS)]
    pupils = [Pupil(p, f"P{p}") for p in range(6)]
    answers = {(10 * k, p): response(QUESTIONS[k], v) for (k, p), v in given_answers.items()}
    report = build_report(asked, pupils, answers)
    assert sum(p.answered for p in report.pupils) == sum(q.answered for q in report.questions) == len(answers)
    assert sum(p.right for p in report.pupils) == sum(q.right for q in report.questions)
    for q in report.questions:
        assert q.right + sum(n for _, n, _ in q.wrong) == q.answered
    for p in report.pupils:
        assert p.right <= p.answered <= p.asked <= len(asked)
    assert [q.share for q in report.hardest] == sorted(q.share for q in report.hardest)


def test_a_teachers_own_question_is_asked_numbered_and_reported_with_the_others(classes):
    from quitlok.classroom.errors import BadOwnQuestion
    from quitlok.classroom.own import OwnQuestion

    own = OwnQuestion("Which city is named as Kvitlach's home in the kosher.com guide?", ("Rzeszów", "Prague"), 0,
                      "The guide names the Galician city of Rzeszów.")
    teacher = classes.create(QUITLOK, seed=11)
    ann = classes.join(teacher.code, "Ann")
    classes.ask(teacher.code, teacher.token, HAND_VALUE)
    first = classes.view(teacher.code, teacher.token).round.question
    classes.answer(teacher.code, ann.token, right_and_wrong(first)[0])
    classes.reveal(teacher.code, teacher.token)
    with pytest.raises(BadOwnQuestion):
        classes.ask_own(teacher.code, teacher.token, {"prompt": "not checked"})
    with pytest.raises(NotHost):
        classes.ask_own(teacher.code, ann.token, own)
    classes.ask_own(teacher.code, teacher.token, own)
    seen = classes.view(teacher.code, ann.token)
    assert seen.round.question == own and seen.questions_asked == 2 and seen.phase == "open"
    classes.answer(teacher.code, ann.token, 1)
    classes.reveal(teacher.code, teacher.token)
    assert classes.view(teacher.code, ann.token).score == (1, 2)
    classes.ask(teacher.code, teacher.token, HAND_VALUE)  # the engine's questions go on as before
    assert classes.view(teacher.code, teacher.token).questions_asked == 3
    report = session_report(classes, teacher.code, teacher.token)
    second = report.questions[1]
    assert (second.number, second.kind, second.answered, second.right) == (2, "own", 1, 0)
    assert rows(report.questions_csv())[2][:3] == ["2", own.title, "own"]
