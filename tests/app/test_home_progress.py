"""The Home page and the learner's progress (quitlok.ui.progress): a returning learner is greeted with
where they are and one button to go on; progress moves to another device with a code, a wrong code is
told plainly, and it can be forgotten."""

from quitlok.lessons import LESSONS
from quitlok.progress import Progress
from tests.app.conftest import as_read, lesson_heading, texts

THREE_DONE = Progress().with_lesson(LESSONS[0].slug, done=True).with_lesson(LESSONS[1].slug, done=True) \
    .with_lesson(LESSONS[2].slug, done=True).with_quiz_answer("Blots", True).with_quiz_answer("Blots", True) \
    .with_quiz_answer("Blots", True).with_quiz_answer("History", False)


def metric(at, label: str) -> str:
    return next(m.value for m in at.metric if m.label == label)


def open_tools(at):
    """Open "Your progress on this device" (its widgets are drawn only while it is open)."""
    at.session_state["home.tools"] = True
    at.run()
    assert not at.exception, at.exception
    return at


def test_a_newcomer_sees_no_welcome_back(app):
    assert "Welcome back" not in texts(app)
    assert "home.load" not in [button.key for button in app.button], "the tools are drawn once opened"
    assert not open_tools(app).button(key="home.load").disabled


def test_a_returning_learner_is_greeted_and_goes_on_to_the_next_lesson(app):
    app.session_state["progress"] = THREE_DONE
    app.run()
    assert "Welcome back" in texts(app)
    assert metric(app, "Lessons done") == f"3 of {len(LESSONS)}"
    assert metric(app, "Quiz topics mastered") == "1 of 2"
    assert metric(app, "Positions due for review") == "0"
    assert app.button(key="home.go_on").label.startswith("Go on: lesson 4, ")
    app.button(key="home.go_on").click().run()
    assert not app.exception
    assert lesson_heading(app).startswith("4. "), "the lessons open at the first step not done"


def test_progress_moves_with_a_code_and_a_wrong_code_is_refused(app):
    app.session_state["progress"] = THREE_DONE
    open_tools(app)
    (code,) = [c.value for c in app.code if c.value.startswith("QL1-")]
    app.session_state["progress"] = Progress()  # another device
    app.run()
    for wrong, said in (("hello", "starts with QL1-"), (code[:-8], "incomplete or mistyped")):
        app.text_input(key="home.code").input(wrong)
        app.button(key="home.load").click().run()
        assert app.error and said in as_read(app.error[0].value)
    assert app.session_state["progress"] == Progress()
    app.text_input(key="home.code").input(code)
    app.button(key="home.load").click().run()
    assert app.session_state["progress"] == THREE_DONE
    assert any("Your progress is loaded" in s.value for s in app.success)
    assert "Welcome back" in texts(app)


def test_progress_can_be_forgotten_after_saying_so(app):
    app.session_state["progress"] = THREE_DONE
    open_tools(app)
    assert app.button(key="home.forget").disabled
    app.checkbox(key="home.sure").check().run()
    app.button(key="home.forget").click().run()
    assert app.session_state["progress"].empty and app.session_state["progress"].forgotten > 0
    assert "Welcome back" not in texts(app)
