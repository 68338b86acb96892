"""The Class session, Class report and Homework pages in the pseudo-language (issue 26): every state the tests reach
shows no English of their own (the way in, the teacher's tools, a question open and revealed on the teacher's
device, a pupil's phone and the projected screen, the top five, the class table's vote, the end; the report; a
homework set, done and seen), and what they store is never a translated sentence: one class, and one homework,
mix languages (tests/i18n/pages_seen.py says what is read and what may still be English for now)."""

import calendar
import dataclasses

import pytest
from streamlit.testing.v1 import AppTest

from quitlok.classroom import HAND_VALUE
from quitlok.classroom import homework as homework_module
from quitlok.classroom.homework import Homeworks
from quitlok.i18n import PSEUDO, _, pseudo, use
from quitlok.rules import QUITLOK
from tests.app import conftest
from tests.app.conftest import click
from tests.i18n.pages_seen import PSEUDO_ADDRESS, content_shown, english_left, in_pseudo, others_words, shown
from tests.i18n.test_pages_together_words import translated_in

database_url = conftest.database_url  # a database file of the test's own, which the pages use (a fixture)
#: the nicknames and names the test gives the pupils (the class table's seat of the class is no name: each device words
#: it); and the months, which a date says as Babel writes it for the language's locale (the pseudo-language has none:
#: English)
PEOPLE = frozenset({"Dov", "Zelda", "Ann"}) | frozenset(calendar.month_name[1:])


@pytest.fixture(autouse=True)
def pseudo_language(monkeypatch):
    in_pseudo(monkeypatch)


@pytest.fixture(scope="module")
def allowed():
    return content_shown(), others_words()


def visit(page: str, query: dict | None = None) -> AppTest:
    return conftest.visit(page, {**PSEUDO_ADDRESS, **(query or {})})


def no_english(at: AppTest, allowed, code: str | None = None) -> list[str]:
    """Every text the page shows; fails with the English left in any of them (the session's code is program
    text)."""
    assert not at.exception, at.exception
    texts = shown(at)
    content, others = allowed
    left = english_left([t.replace(code, " | ") if code else t for t in texts], PEOPLE, content, others)
    assert not left, "\n".join(f"{text[:120]!r}: {runs}" for text, runs in left.items())
    return texts


def class_code(at: AppTest) -> str:
    return at.session_state["class.code"]


def join(code: str, nickname: str) -> AppTest:
    at = visit("pages/classroom.py", {"class": code})
    at.text_input(key="class.nickname").input(nickname)
    return click(at, "class.join")


def answer(pupil: AppTest) -> AppTest:
    """The pupil answers the question open now (the first option, or the slider moved) and sends it."""
    pupil.run()
    radios = [r for r in pupil.radio if r.key and r.key.startswith("class.")]
    if radios:
        radios[0].set_value(0).run()
    else:
        slider = next(s for s in pupil.slider if s.key and s.key.startswith("class."))
        slider.set_value(40).run()
    return click(pupil, "class.send")


def test_a_class_session_question_by_question(database_url, allowed):
    no_english(visit("pages/classroom.py"), allowed)
    teacher = click(visit("pages/classroom.py"), "class.start")
    code = class_code(teacher)
    texts = no_english(teacher, allowed, code)
    assert pseudo("Next question") in texts and pseudo("Open the projector screen") in texts
    projector = visit("pages/classroom.py", {"class": code, "screen": "projector"})
    no_english(projector, allowed, code)  # how to join
    dov, zelda = join(code, "Dov"), join(code, "Zelda")
    no_english(dov, allowed, code)  # waiting for the first question
    for kind in (HAND_VALUE, "bust_chance"):
        teacher.run()
        teacher.selectbox(key="class.kind").set_value(kind).run()
        no_english(click(teacher, "class.ask"), allowed, code)  # the question open, answers so far
        dov.run()
        no_english(dov, allowed, code)  # the question, the answer form
        no_english(answer(dov), allowed, code)  # sent
        projector.run()
        no_english(projector, allowed, code)
        click(teacher, "class.reveal")
        no_english(teacher, allowed, code)  # the chart and the exact answer
        dov.run()
        no_english(dov, allowed, code)  # right, or not quite
        zelda.run()
        no_english(zelda, allowed, code)  # did not answer
        projector.run()
        no_english(projector, allowed, code)
    teacher.toggle(key="class.board").set_value(True).run()
    texts = no_english(teacher, allowed, code)
    assert pseudo("Top five") in texts and pseudo("Which questions the class found hardest") in texts
    teacher.switch_page("pages/class_report.py").run()
    texts = no_english(teacher, allowed, code)  # the report, its tables and each question shown again
    assert pseudo("Pupils") in texts and pseudo("Pupils' results (CSV)") in texts
    teacher.switch_page("pages/classroom.py").run()
    teacher.checkbox(key="class.sure").check().run()
    no_english(click(teacher, "class.end"), allowed, code)  # ended: the results to keep
    dov.run()
    no_english(dov, allowed, code)
    projector.run()
    no_english(projector, allowed, code)


def test_the_class_table_and_its_vote(database_url, allowed):
    teacher = click(visit("pages/classroom.py"), "class.start")
    code = class_code(teacher)
    dov = join(code, "Dov")
    projector = visit("pages/classroom.py", {"class": code, "screen": "projector"})
    teacher.run()
    click(teacher, "class.table")
    texts = no_english(teacher, allowed, code)
    assert pseudo("The class table") in texts
    if teacher.button(key="class.vote").disabled:
        pytest.skip("the class is not to act at this deal")  # pragma: no cover - the class seat acts first
    no_english(click(teacher, "class.vote"), allowed, code)
    dov.run()
    no_english(dov, allowed, code)  # the class's move, the vote
    projector.run()
    no_english(projector, allowed, code)
    dov.radio(key=next(r.key for r in dov.radio if r.key and r.key.startswith("class.vote."))).set_value(0).run()
    no_english(click(dov, "class.send"), allowed, code)
    teacher.run()
    no_english(click(teacher, "class.reveal"), allowed, code)  # the class chose, what each move is worth
    dov.run()
    no_english(dov, allowed, code)
    projector.run()
    no_english(projector, allowed, code)


def test_a_pupil_on_a_new_phone_asks_and_the_teacher_answers(database_url, allowed):
    teacher = click(visit("pages/classroom.py"), "class.start")
    code = class_code(teacher)
    join(code, "Dov")
    phone = visit("pages/classroom.py", {"class": code})
    phone.text_input(key="class.nickname").input("Dov")
    no_english(click(phone, "class.come_back"), allowed, code)  # waiting to be let in
    teacher.run()
    texts = no_english(teacher, allowed, code)  # the request, and the class list with Hide, Rename, Remove
    assert pseudo("Let them in") in texts and pseudo("Hidden") in texts


def test_homework_set_done_and_seen(database_url, allowed):
    no_english(visit("pages/homework.py"), allowed)
    teacher = visit("pages/homework.py")
    teacher.multiselect(key="homework.lessons").set_value(["01_pack"])
    teacher.number_input(key="homework.quiz").set_value(1)
    teacher.number_input(key="homework.questions").set_value(1)
    click(teacher, "homework.set")
    code = teacher.session_state["homework.code"]
    texts = no_english(teacher, allowed, code)
    assert pseudo("Who did what") in texts
    pupil = visit("pages/homework.py", {"homework": code})
    no_english(pupil, allowed, code)
    pupil.text_input(key="homework.name").input("Ann")
    no_english(click(pupil, "homework.start"), allowed, code)  # the lessons, the first question
    for _question in range(2):
        radios = [r for r in pupil.radio if r.key and r.key.startswith("homework.answer.")]
        if radios:
            radios[0].set_value(0)
        no_english(click(pupil, "homework.check"), allowed, code)  # what is true after the first answer
        no_english(click(pupil, "homework.next"), allowed, code)
    click(teacher, "homework.refresh")
    texts = no_english(teacher, allowed, code)  # who did what, where the class went wrong, pupil by pupil
    assert pseudo("Where the class went wrong") in texts
    assert translated_in(database_url) == []  # the class's and the homework's tables hold no translated text


def test_one_homework_is_read_by_each_device_in_its_own_language(database_url, monkeypatch):
    """A homework's questions are made again from what is stored (a seed), and kept for the next look: kept per
    language, so a pupil in one language never sees the words made for a device in another. (The quiz question
    here says its prompt through the catalog, as the quiz will.)"""
    made = homework_module.quiz_question

    def in_the_language(rules, seed):
        question = made(rules, seed)
        return dataclasses.replace(question, prompt=_(question.prompt))

    monkeypatch.setattr(homework_module, "quiz_question", in_the_language)
    store = Homeworks(database_url)
    try:
        teacher = store.create(QUITLOK, quiz_questions=1, seed=3)
        with use("en"):
            english = store.view(teacher.code, teacher.token).quiz[0].prompt
        with use(PSEUDO):
            seen = store.view(teacher.code, teacher.token).quiz[0].prompt
    finally:
        store.close()
    assert seen == pseudo(english) != english
