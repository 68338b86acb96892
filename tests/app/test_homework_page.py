"""The Homework page in AppTest: a teacher sets homework, a pupil does it under a class name on another visit,
and the teacher sees who did what and where the class went wrong; wrong codes, taken names and a homework whose
period has ended are told in the app's words. (In browsers: tests/e2e/test_homework_browser.py.)"""

import sqlalchemy as sa
from streamlit.testing.v1 import AppTest

from quitlok.classroom.homework import HOMEWORK, HOMEWORK_PUPILS, Homeworks
from quitlok.progress import Progress
from tests.app import conftest
from tests.app.conftest import as_read, click, markdown_texts, query_values

PAGE = "pages/homework.py"


def visit(query: dict | None = None) -> AppTest:
    return conftest.visit(PAGE, query)


def code_of(at: AppTest) -> str | None:
    return next(iter(query_values(at, "homework")), None)


def set_homework(**choices) -> AppTest:
    at = visit()
    at.multiselect(key="homework.lessons").set_value(choices.get("lessons", ["01_pack"]))
    at.number_input(key="homework.quiz").set_value(choices.get("quiz", 2))
    at.number_input(key="homework.questions").set_value(choices.get("questions", 1))
    at.number_input(key="homework.days").set_value(choices.get("days", 3))
    click(at, "homework.set")
    assert code_of(at), markdown_texts(at)
    assert not query_values(at, "key"), "the address holds the code alone"
    return at


def start(code: str, name: str) -> AppTest:
    at = visit({"homework": code})
    at.text_input(key="homework.name").input(name)
    return click(at, "homework.start")


def answer(at: AppTest, choice: int = 0) -> AppTest:
    radios = [r for r in at.radio if r.key and r.key.startswith("homework.answer.")]
    sliders = [s for s in at.slider if s.key and s.key.startswith("homework.answer.")]
    if radios:
        radios[0].set_value(choice)
    else:
        sliders[0].set_value(50)
    return click(at, "homework.check")


def test_a_teacher_sets_a_pupil_does_and_the_teacher_sees(database_url):
    teacher = set_homework()
    code = code_of(teacher)
    assert "Homework code" in conftest.html_text(teacher) and "Nobody has started yet." in markdown_texts(teacher)

    pupil = start(code, "Ann")
    page = markdown_texts(pupil)
    assert "you are **Ann**" in page and "0 of 4 done" in page
    assert "Quiz question 1 of 2" in page
    answer(pupil)
    assert "You answered" in markdown_texts(pupil), "the first answer is checked and what is true is shown"
    click(pupil, "homework.next")
    answer(pupil)
    click(pupil, "homework.next")
    assert "Class question 1 of 1" in markdown_texts(pupil)
    answer(pupil)
    right_ones = int("**Right!**" in markdown_texts(pupil))
    click(pupil, "homework.next")
    assert "3 of 4 done" in markdown_texts(pupil)
    assert pupil.button(key="homework.hand_in").disabled, "a lesson not done here cannot be handed in"
    pupil.session_state["progress"] = Progress().with_lesson("01_pack", done=True)
    pupil.run()
    click(pupil, "homework.hand_in")
    assert "4 of 4 done" in markdown_texts(pupil) and "All done" in markdown_texts(pupil)
    assert "questions right." in markdown_texts(pupil)

    click(teacher, "homework.refresh")
    page = markdown_texts(teacher)
    assert "Who did what" in page and "Where the class went wrong" in page
    table = teacher.table[0].value
    assert [as_read(name) for name in table.index] == ["Ann"]
    assert list(table.iloc[0][["Lessons", "Class questions"]]) == ["1 of 1", f"1 of 1 answered, {right_ones} right"]
    assert table.iloc[0]["Quiz"].startswith("2 of 2 answered, ")


def test_a_taken_name_and_a_wrong_code_are_told(database_url):
    code = code_of(set_homework())
    start(code, "Ann")
    again = start(code, "ann")
    assert "has started this homework already" in markdown_texts(again)
    lost = visit({"homework": "ZZZZZZ"})
    assert "No homework has the code ZZZZZZ" in markdown_texts(lost)


def test_a_homework_past_its_period_is_gone(database_url):
    code = code_of(set_homework(days=1))
    pupil = start(code, "Ann")
    store = Homeworks(database_url)
    with store._transaction(write=True) as conn:
        conn.execute(sa.update(HOMEWORK).values(expires=1.0))
    store.close()
    pupil.run()
    assert "No homework has the code" in markdown_texts(pupil)


def test_setting_nothing_is_refused_in_words(database_url):
    at = visit()
    at.number_input(key="homework.quiz").set_value(0)
    at.number_input(key="homework.questions").set_value(0)
    click(at, "homework.set")
    assert "Choose at least one lesson" in markdown_texts(at) and not code_of(at)


def test_joining_homework_is_limited_per_address(database_url, monkeypatch):
    """Starting homework is a join (quitlok.limits): one address past its limit is told to wait, in the app's
    words, and no pupil is made."""
    import quitlok.limits
    from quitlok.limits import Rule
    from quitlok.ui import limits as limits_ui

    limits_ui._store.cache_clear()
    monkeypatch.setattr(quitlok.limits, "RULES", {"open": Rule(5, 5, 600), "join": Rule(5, 2, 600),
                                                  "code": Rule(5, 5, 600)})
    monkeypatch.setattr(limits_ui, "address", lambda: "192.0.2.77")
    code = code_of(set_homework())
    for name in ("Ann", "Ben"):
        assert "you are" in markdown_texts(start(code, name))
    refused = start(code, "Chaim")
    assert "Please wait a little" in markdown_texts(refused) and not refused.session_state["homework.key"]
    store = Homeworks(database_url)
    with store._transaction(write=False) as conn:
        assert len(conn.execute(HOMEWORK_PUPILS.select()).all()) == 2
    store.close()
    limits_ui._store.cache_clear()
