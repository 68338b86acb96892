"""The teacher's own device moderates the class (issue 24, item 2), in AppTest: rename and remove a pupil from
the class list, and friendly names chosen from a list instead of nicknames. (The store: tests/classroom/
test_moderation.py; the projector and a pupil's phone in the browser: tests/e2e/test_projector_browser.py.)"""

from quitlok.classroom.names import friendly_names
from quitlok.classroom.store import Classes
from tests.app.conftest import click, texts
from tests.app.test_classroom_page import code_of, database, join, keys, start, view, visit  # noqa: F401


def test_the_teacher_renames_then_removes_a_pupil_and_his_phone_cannot_join_again(database):  # noqa: F811
    teacher = start()
    kid = join(code_of(teacher), "Rude name")
    teacher.run()
    teacher.text_input(key="class.rename.0").input("Blue Dreidel")
    click(teacher, "class.rename_do.0")
    assert [s[1] for s in view(database, teacher).students] == ["Blue Dreidel"]
    kid.run()
    assert "you are Blue Dreidel ·" in texts(kid), "the phone shows the new name"
    click(teacher, "class.remove.0")
    assert view(database, teacher).class_size == 0
    kid.run()
    assert any("took this device's place" in w.value for w in kid.warning)
    assert "class.join" not in keys(kid), "no way back in from this phone"


def test_pupils_choose_a_friendly_name_when_the_teacher_asks_for_them(database: Classes):  # noqa: F811
    teacher = start()
    teacher.toggle(key="class.friendly").set_value(True).run()
    code = code_of(teacher)
    assert view(database, teacher).friendly
    phone = visit({"class": code})
    assert "class.nickname" not in [w.key for w in phone.text_input]
    phone.selectbox(key="class.picked").set_value(friendly_names()[3])
    click(phone, "class.join")
    assert f"you are {friendly_names()[3]} ·" in texts(phone)
    other = visit({"class": code})
    assert friendly_names()[3] not in other.selectbox(key="class.picked").options, "a name taken is not offered"
