"""The Quiz page: questions from the engine and from content, a score and a mastery bar."""

from quitlok import ui
from tests.app.conftest import open_page, texts


def answer(at, right=True):
    question = at.session_state["quiz.question"]
    choice = question.answer if right else (question.answer + 1) % len(question.options)
    at.radio(key="quiz.choice").set_value(choice).run()
    at.button(key="quiz.check").click().run()
    assert not at.exception
    return question


def test_answers_are_scored_and_mastery_grows(app):
    at = open_page(app, "pages/quiz.py")
    asked = set()
    for _ in range(6):
        asked.add(answer(at).prompt)
        assert at.success, "a right answer is confirmed"
        at.button(key="quiz.next").click().run()
    assert len(asked) == 6
    assert at.metric[0].value == "6 of 6"
    assert "Mastery: 100%" in at.get("progress")[0].proto.text


def test_a_wrong_answer_shows_the_right_one(app):
    at = open_page(app, "pages/quiz.py")
    question = answer(at, right=False)
    assert at.warning and f"The answer: **{question.options[question.answer]}**" in texts(at)
    assert at.metric[0].value == "0 of 1"


def test_there_are_more_than_thirty_distinct_questions(app):
    at = open_page(app, "pages/quiz.py")
    seen = set()
    for _ in range(60):
        seen.add(at.session_state["quiz.question"].prompt)
        answer(at)
        at.button(key="quiz.next").click().run()
    assert len(seen) >= 30
    fixed = {check.question for _, check in ui.fixed_questions()}
    assert len(fixed) >= 25 and fixed & seen
