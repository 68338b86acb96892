"""A class session for a young class (issue 24, item 7): the teacher's switch makes every revealed reason the
young wording (chances in small numbers, no percentages, no average chips), on the teacher's device and on the
pupils' phones; the questions and their answers stay the same. In AppTest, with a real store."""

from quitlok.classroom import BUST_CHANCE
from quitlok.classroom.store import Classes
from tests.app.conftest import click, texts
from tests.app.test_classroom_page import ask, code_of, database, join, start, view  # noqa: F401


def test_the_switch_says_each_reason_for_a_young_class(database: Classes):  # noqa: F811
    teacher = start()
    kid = join(code_of(teacher), "Dov")
    teacher.run()
    teacher.toggle(key="class.young").set_value(True).run()
    assert not teacher.exception and view(database, teacher).young
    ask(teacher, BUST_CHANCE)
    question = view(database, teacher).round.question
    assert question.young_why and question.young_why != question.why
    click(teacher, "class.reveal")
    kid.run()
    for screen in (teacher, kid):
        shown = texts(screen)
        assert question.young_why in shown and question.why not in shown
        assert "%" not in question.young_why
    teacher.toggle(key="class.young").set_value(False).run()
    kid.run()
    assert question.why in texts(kid), "switched off: the reason as the app says it everywhere else"
