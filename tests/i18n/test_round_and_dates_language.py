"""The Review page's dates in the visitor's language, and a quiz round that follows a change of language mid-round
(issue 26): what the page keeps is values (a question as what makes it, a due time as a number), worded in the
language of the run that shows them.

AppTest words the widgets' values for the next run in the test's thread, against the options the last run showed,
so each run is made `with use(the language the last run showed)`."""

import re
from datetime import datetime

import pytest
from streamlit.testing.v1 import AppTest

from quitlok.i18n import SOURCE, _, day, use
from quitlok.lessons import LESSONS
from quitlok.progress import DAY, Mistake, Progress
from quitlok.quiz import ROUND
from quitlok.ui import language
from quitlok.ui import progress as learner
from tests.app.conftest import APP, ISOLATES, texts

NOW = 1_800_000_000.0
HEBREW = re.compile(r"[\u05d0-\u05ea]")


@pytest.fixture
def clock(monkeypatch):
    monkeypatch.setattr(learner, "CLOCK", lambda: NOW)


def read(text: str) -> str:
    """A text as the page's words read (without the isolates around names)."""
    return text.translate(ISOLATES)


def opened(page: str, code: str, progress: Progress) -> AppTest:
    """`page` for a visitor whose address asks for language `code`, with `progress` kept."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params[language.PARAM] = code
    at.session_state["progress"] = progress
    with use(code):
        at.run()
        at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def test_day_is_written_as_each_language_writes_it():
    thursday = datetime(2026, 12, 3, 9, 30)
    assert day(thursday) == "Thursday 03 December" == f"{thursday:%A %d %B}"  # English as it always was
    with use("cs"):
        assert day(thursday) == "čtvrtek 3. prosince"
    with use("he"):
        assert day(thursday) == "יום חמישי, 3 בדצמבר"


@pytest.mark.parametrize("code", ["en", "he", "cs"])
def test_the_next_review_is_dated_in_the_visitor_s_language(code, clock):
    made = NOW - DAY / 2
    mistake = Mistake(made=made, rules="Quitlok", hand=(10, 6), seen=(4, 9), stake=2, room=8,
                      options=(("Stay", 0.25), ("Bet 8", -0.5)), chosen="Bet 8")
    kept = Progress().with_decision(mistake, made)
    due = min(m.due for m in kept.mistakes)
    assert due > NOW, "nothing is due yet: the page says when the next one comes back"
    at = opened("pages/review.py", code, kept)
    with use(code):
        expected = _("The next comes back on {day}.").format(day=day(datetime.fromtimestamp(due)))
    shown = texts(at)
    assert expected in shown, shown
    if code != SOURCE:
        english = f"{datetime.fromtimestamp(due):%A}"
        assert english not in shown, "the weekday is not left in English"


def everything_done() -> Progress:
    progress = Progress()
    for lesson in LESSONS:
        progress = progress.with_lesson(lesson.slug, done=True)
    return progress


def answer(at: AppTest, code: str, right: bool) -> None:
    question = at.session_state["quiz.question"]
    choice = question.answer if right else (question.answer + 1) % len(question.options)
    with use(code):
        at.radio(key="quiz.choice").set_value(choice).run()
        at.button(key="quiz.check").click().run()
    assert not at.exception, at.exception


def test_a_quiz_round_follows_a_change_of_language_mid_round():
    at = opened("pages/quiz.py", "en", everything_done())
    first = at.session_state["quiz.question"]
    answer(at, "en", right=False)
    at.button(key="quiz.next").click().run()
    second = at.session_state["quiz.question"]
    answer(at, "en", right=False)  # checked, its feedback on screen
    english_feedback = second.feedback[(second.answer + 1) % len(second.options)]
    assert read(english_feedback) in texts(at)

    at.sidebar.selectbox(key=language.PICKER).set_value("he")
    with use("en"):  # the widgets' values as the last run worded them; the run itself is then in Hebrew
        at.run()
    assert not at.exception, at.exception
    now = at.session_state["quiz.question"]
    assert (now.answer, len(now.options), now.topic) == (second.answer, len(second.options), second.topic)
    assert now.prompt != second.prompt and HEBREW.search(now.prompt)
    shown = texts(at)
    assert read(second.prompt) not in shown and read(now.prompt) in shown
    assert read(english_feedback) not in shown
    assert read(now.feedback[(now.answer + 1) % len(now.options)]) in shown
    assert HEBREW.search(at.get("progress")[0].proto.text), "the round's progress line too"

    with use("he"):
        at.button(key="quiz.next").click().run()
    for _number in range(2, ROUND):
        answer(at, "he", right=True)
        with use("he"):
            at.button(key="quiz.next").click().run()
    assert not at.exception, at.exception
    summary = texts(at)
    answered = [question for question, _choice in at.session_state["quiz.answers"]]
    assert read(first.prompt) not in summary and read(second.prompt) not in summary, "made in English, shown in Hebrew"
    assert read(answered[0].prompt) in summary and HEBREW.search(answered[0].prompt)
    assert [q.answer for q in answered[:2]] == [first.answer, second.answer]

    at.sidebar.selectbox(key=language.PICKER).set_value("en")
    with use("he"):
        at.run()
    assert read(first.prompt) in texts(at), "and back in English, the same round"
