"""The teacher's own questions in the class session (issue 24, item 6), in AppTest: the teacher writes one on his
device, asks it among the engine's, a pupil answers it on his phone, the reveal shows the teacher's reason, the
report numbers it with the others; the set is kept for the next class and opened from a file on another device.
(The questions themselves: tests/classroom/test_own_questions.py.)"""

from quitlok.classroom.own import OwnQuestion, QuestionSet
from quitlok.classroom.store import Classes
from quitlok.ui import own_questions
from quitlok.ui.words import escape_markdown
from tests.app.conftest import click, texts
from tests.app.test_classroom_page import code_of, database, join, start, view  # noqa: F401

KVITL = OwnQuestion("What does *kvitl* mean in Yiddish?", ("a note", "a candle", "a coin"), 0,
                    "A kvitl is a slip of paper; kvitlech are the cards.")


def write(teacher, question: OwnQuestion) -> None:
    teacher.text_area(key="own.prompt").input(question.prompt)
    for i, option in enumerate(question.options):
        teacher.text_input(key=f"own.option.{i}").input(option)
    teacher.radio(key="own.right").set_value(question.answer)
    teacher.text_area(key="own.why").input(question.why)
    next(b for b in teacher.button if b.label == "Keep this question").click().run()


def test_the_teacher_writes_asks_and_reveals_a_question_of_his_own(database: Classes):  # noqa: F811
    teacher = start()
    kid = join(code_of(teacher), "Dov")
    write(teacher, KVITL)
    assert not teacher.exception and teacher.session_state[own_questions.SET] == QuestionSet((KVITL,))
    click(teacher, "own.ask.0")
    session = view(database, teacher)
    assert session.phase == "open" and session.round.question == KVITL and session.questions_asked == 1
    kid.run()
    page = texts(kid)
    assert "Question 1: The teacher's question" in page and escape_markdown(KVITL.prompt) in page, page
    kid.radio(key=next(r.key for r in kid.radio)).set_value(0).run()
    click(kid, "class.send")
    click(teacher, "class.reveal")
    kid.run()
    assert "Right!" in texts(kid) and "kvitlech are the cards" in texts(kid)
    assert not teacher.exception and not kid.exception
    assert "own.ask.0" in [b.key for b in teacher.button if b.disabled is False], "the next may be asked now"


def test_a_bad_question_is_refused_in_the_apps_words_and_nothing_is_kept(database: Classes):  # noqa: F811
    teacher = start()
    write(teacher, OwnQuestion("Same?", ("Latke", "sufganiyah"), 0))
    teacher.text_area(key="own.prompt").input("Which?")
    teacher.text_input(key="own.option.0").input("Latke")
    teacher.text_input(key="own.option.1").input("latke")
    next(b for b in teacher.button if b.label == "Keep this question").click().run()
    assert any("Two options say the same" in e.value for e in teacher.error)
    assert len(teacher.session_state[own_questions.SET].questions) == 1 and not teacher.exception


def test_a_set_opened_from_a_file_joins_the_set_on_the_page():
    mine, theirs = QuestionSet((KVITL,)), QuestionSet((OwnQuestion("Dreidel letters?", ("4", "3"), 0), KVITL))
    assert own_questions.joined(mine, theirs).questions == (KVITL, theirs.questions[0])
