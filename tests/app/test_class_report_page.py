"""The Class report page in AppTest: the teacher's device opens the report of its session (during and after
class), numbered as on screen, with each question to show again and CSV files; another device is told that
only the teacher's opens it."""

from quitlok.classroom import HAND_VALUE
from quitlok.classroom.store import Classes
from tests.app import conftest
from tests.app.conftest import as_read, markdown_texts, query_values
from tests.app.test_classroom_page import start


def test_the_teacher_opens_the_report_from_the_session_and_after_it(database_url):
    teacher = start()
    code = next(iter(query_values(teacher, "class")))
    key = teacher.session_state["class.key"]
    store = Classes(database_url)
    ann = store.join(code, "Ann")
    for _ in range(2):
        store.ask(code, key, HAND_VALUE)
        store.answer(code, ann.token, store.view(code, ann.token).round.question.answer)
        store.reveal(code, key)
    store.end(code, key)
    store.close()
    teacher.run()
    teacher.switch_page("pages/class_report.py").run()
    assert not teacher.exception
    page = markdown_texts(teacher)
    assert f"class session {code}" in page
    assert list(teacher.table[0].value.index) == ["Question 1", "Question 2"], "numbered as on screen"
    pupils = teacher.table[1].value
    assert [as_read(n) for n in pupils.index] == ["Ann"]
    assert all(str(v).endswith("✓") for v in pupils.iloc[0][["Q1", "Q2"]])
    assert "Show question 2 again" in " ".join(e.label for e in teacher.expander)
    assert [b.label for b in teacher.get("download_button")] == ["Pupils' results (CSV)", "Questions (CSV)"]


def test_another_device_is_not_shown_the_report(database_url):
    teacher = start()
    code = next(iter(query_values(teacher, "class")))
    other = conftest.visit("pages/class_report.py", {"class": code})
    assert "Only the teacher's device opens" in markdown_texts(other)
    assert not other.table
