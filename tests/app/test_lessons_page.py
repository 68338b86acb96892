"""A learner walks through every lesson on the Lessons page, as the text suggests."""

from quitlok import ui
from quitlok.actions import Bet
from quitlok.lessons import LESSONS
from quitlok.odds import percent
from tests.app.conftest import open_page, texts


def click(at, key):
    at.button(key=key).click().run()
    assert not at.exception, at.exception


def play_the_hand(at, lesson):
    moves = list(lesson.moves)
    for _ in range(40):
        if lesson.reached(at.session_state[f"lesson.table.{lesson.slug}"]):
            return
        keys = {b.key for b in at.button}
        if "lesson.next" in keys:
            click(at, "lesson.next")
            continue
        move = moves.pop(0)
        if isinstance(move, Bet):
            at.number_input(key="lesson.bet").set_value(move.n).run()
            click(at, "lesson.do.bet")
        else:
            click(at, f"lesson.do.{type(move).__name__.lower()}")
    raise AssertionError(f"{lesson.slug}: the hand did not reach its goal")


def predict(at, lesson):
    if lesson.predict is None:
        return
    exact = lesson.figure()
    key = f"lesson.guess.{lesson.slug}"
    if lesson.predict == "value":
        at.number_input(key=key).set_value(exact).run()
    else:
        at.slider(key=key).set_value(round(100 * float(exact))).run()
    click(at, f"lesson.reveal.{lesson.slug}")
    shown = (at.success or at.info)[0].value
    if lesson.predict == "value":
        assert f"Your cards count **{exact}**" in shown and shown.startswith("Right!")
    else:
        assert f"{exact.numerator} in {exact.denominator} ({percent(exact)})" in shown


def answer(at, lesson, right=True):
    _, _, question = ui.lesson_words(lesson.slug)
    radio = at.radio(key=f"lesson.check.{lesson.slug}")
    wanted = question.options[question.answer] if right else next(
        o for i, o in enumerate(question.options) if i != question.answer)
    radio.set_value(radio.options.index(wanted)).run()
    click(at, f"lesson.check_button.{lesson.slug}")
    index = question.options.index(wanted)
    assert question.feedback[index] in texts(at)


def test_walk_through_every_lesson(app):
    at = open_page(app, "pages/lessons.py")
    for number, lesson in enumerate(LESSONS):
        title, words, _ = ui.lesson_words(lesson.slug)
        assert at.header[0].value == f"{number + 1}. {title}"
        assert f"Step {number + 1} of {len(LESSONS)}" in at.get("progress")[0].proto.text
        predict(at, lesson)
        play_the_hand(at, lesson)
        assert words["done"] in texts(at)
        answer(at, lesson)
        assert "Step done!" in texts(at)
        if number < len(LESSONS) - 1:
            click(at, "lesson.forward")
    assert at.session_state["lesson.done"] == {lesson.slug for lesson in LESSONS}
    assert f"{len(LESSONS)} done" in at.get("progress")[0].proto.text


def test_a_wrong_answer_gets_specific_feedback_and_no_tick(app):
    at = open_page(app, "pages/lessons.py")
    lesson = LESSONS[0]
    answer(at, lesson, right=False)
    assert at.warning and "Step done!" not in texts(at)
    assert lesson.slug not in at.session_state["lesson.done"]


def test_jump_to_any_step_and_back(app):
    at = open_page(app, "pages/lessons.py")
    at.selectbox(key="lesson.jump").set_value(6).run()
    assert at.header[0].value.startswith("7. Aluvun")
    click(at, "lesson.back")
    assert at.header[0].value.startswith("6. ")


def test_a_hand_that_goes_another_way_can_be_restarted(app):
    at = open_page(app, "pages/lessons.py")
    click(at, "lesson.do.stay")  # the lesson suggested a bet
    assert "This hand went another way" in texts(at) or "lesson.next" in {b.key for b in at.button}
    click(at, "lesson.restart")
    table = at.session_state.get(f"lesson.table.{LESSONS[0].slug}")
    assert table is not None and table.state == LESSONS[0].start().state
