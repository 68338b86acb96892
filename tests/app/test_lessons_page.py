"""A learner walks through every lesson on the Lessons page, as the text suggests."""

import re

from quitlok import ui
from quitlok.actions import Bet
from quitlok.lessons import LESSONS
from quitlok.odds import chance_words
from quitlok.progress import Progress
from tests.app.conftest import _Words, html_text, lesson_heading, open_page, texts

BY_SLUG = {lesson.slug: lesson for lesson in LESSONS}
#: the buttons that move a hand on: the learner's moves, "Let the others play", and the reveal it waits for
MOVE_ON = re.compile(r"^lesson\.(do\.|next$|reveal\.)")


def click(at, key):
    at.button(key=key).click().run()
    assert not at.exception, at.exception
    assert_can_move_on(at)


#: a seat's "to act" badge, as Markdown or in the table's own HTML
TO_ACT = re.compile(r"\[to act\]|>\s*to act\s*<")


def shows_to_act(at) -> bool:
    return bool(TO_ACT.search(texts(at) + "".join(h.proto.body for h in at.get("html"))))


def assert_can_move_on(at):
    """No seat is shown 'to act' unless a button lets the hand go on."""
    if shows_to_act(at):
        keys = [b.key for b in at.button if b.key and MOVE_ON.match(b.key)]
        assert keys, "a seat is marked 'to act' but no button moves the hand on"


def labels(at) -> set[str]:
    return {b.label for b in at.button}


def suggestion(at) -> str | None:
    """The move the lesson asks for next: the advisor's best ("Suggested", with the Hint's bulb) or a move that
    only shows the rule ("To see the rule", no bulb, saying it is not the best play)."""
    found = re.search(r"(:material/lightbulb: Suggested|:material/visibility: To see the rule): \*\*(.+?)\*\*",
                      texts(at))
    return found[2] if found else None


def assert_said_as(at, lesson, made):
    """A demonstration is never said in the Hint's words or with its bulb, and says it is not the best play."""
    shown = texts(at)
    if lesson.demonstrates(made):
        assert "To see the rule: **" in shown and "not as advice: it is not the best play" in shown
        assert "Suggested" not in shown and ":material/lightbulb:" not in shown
    else:
        assert "To see the rule" not in shown and ":material/lightbulb: Suggested: **" in shown


def jump_to(at, step):
    at.selectbox(key=f"lesson.jump.{at.session_state['lesson.step']}").set_value(step).run()
    assert not at.exception, at.exception


def play_the_hand(at, lesson):
    """Follow the suggestions, each named as the button it asks for, and let the others play."""
    moves = list(lesson.moves)
    for _ in range(40):
        if lesson.over(at.session_state[f"lesson.table.{lesson.slug}"]):
            assert not moves, f"{lesson.slug}: the hand ended before the moves {moves}"
            return
        keys = {b.key for b in at.button}
        if "lesson.next" in keys:
            click(at, "lesson.next")
            continue
        assert_said_as(at, lesson, lesson.moves[:len(lesson.moves) - len(moves)])
        move = moves.pop(0)
        if isinstance(move, Bet):
            at.number_input(key="lesson.bet").set_value(move.n).run()
            assert suggestion(at) in labels(at), (suggestion(at), labels(at))
            click(at, "lesson.do.bet")
        else:
            assert suggestion(at) in labels(at), (suggestion(at), labels(at))
            click(at, f"lesson.do.{type(move).__name__.lower()}")
    raise AssertionError(f"{lesson.slug}: the hand did not end")


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
        assert f"**{chance_words(exact)}**" in shown


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
        assert lesson_heading(at) == f"{number + 1}. {title}"
        assert f"Step {number + 1} of {len(LESSONS)}" in at.get("progress")[0].proto.text
        assert_can_move_on(at)
        predict(at, lesson)
        play_the_hand(at, lesson)
        assert words["done"] in texts(at) and " is over: " in html_text(at)  # the done-text beside how the hand ended
        assert not shows_to_act(at)
        answer(at, lesson)
        assert "Step done!" in texts(at)
        if number < len(LESSONS) - 1:
            click(at, "lesson.forward")
    kept = at.session_state["progress"].lessons  # what the browser is given to keep (quitlok.progress)
    assert {slug for slug, record in kept.items() if record.done} == {lesson.slug for lesson in LESSONS}
    assert all(record.answer is not None for record in kept.values()), "each step's check answer is kept"
    assert f"{len(LESSONS)} done" in at.get("progress")[0].proto.text
    progress = at.session_state["progress"]  # the lessons' scripted moves are never filed for Review
    assert progress.mistakes == () and progress.decisions == 0


def test_the_lesson_table_has_the_practice_tables_top_bar(app):
    """The bank, the direction arrow and the face-up cards under the stock, drawn once."""
    at = open_page(app, "pages/lessons.py")
    jump_to(at, 3)  # 4. The deal: "watch the arrow above the table"
    assert html_text(at).count("Bank (chips)") == 1
    assert "↻ Clockwise" in html_text(at)
    click(at, "lesson.do.stay")
    click(at, "lesson.next")
    assert "↺ Anticlockwise" in html_text(at) and "↻ Clockwise" not in html_text(at)
    assert "Face up under the stock" in html_text(at)


def test_after_the_learners_moves_the_others_play_to_the_end_of_the_hand(app):
    at = open_page(app, "pages/lessons.py")
    lesson = BY_SLUG["01_pack"]
    click(at, "lesson.do.bet")  # a framed pair: 21 at once, and Chaim still to play
    assert "lesson.next" in {b.key for b in at.button}
    _, words, _ = ui.lesson_words(lesson.slug)
    assert words["done"] not in texts(at)
    click(at, "lesson.next")
    table = at.session_state[f"lesson.table.{lesson.slug}"]
    assert table.hand_ended and "lesson.next" not in {b.key for b in at.button}
    assert "you made 21 and won 2" in texts(at) and words["done"] in texts(at)  # the suggested Bet 2


def test_the_story_step_by_step_is_text_newest_first(app):
    """The lesson's story under "What happened, step by step" reads as the practice table's log does: each line as
    text, never as Markdown. A Czech line "1. rozdání banku (Bela, bank 8)" (hand 1 of Bella's bank) was read as a
    numbered list, and the hands were numbered 2 and 3."""
    at = open_page(app, "pages/lessons.py")
    click(at, "lesson.do.bet")
    click(at, "lesson.next")
    story = BY_SLUG["01_pack"].story(at.session_state["lesson.table.01_pack"])
    fold = next(e for e in at.expander if e.label.startswith("What happened, step by step"))
    assert not [m.value for m in fold.markdown], "the story is HTML, as the log is"
    reader = _Words()
    for element in fold.get("html"):
        reader.feed(str(element.proto.body))
    shown = "".join(reader.parts)
    assert len(story) > 3 and all(line in shown for line in story)
    assert [shown.index(line) for line in reversed(story)] == sorted(shown.index(line) for line in story)


def test_after_a_rejected_11_the_new_total_is_shown(app):
    at = open_page(app, "pages/lessons.py")
    jump_to(at, 6)
    predict(at, BY_SLUG["07_aluvun"])
    for key in ("lesson.do.aluvun", "lesson.do.blot", "lesson.do.reject"):
        click(at, key)
    assert "Your cards count **20**" in texts(at) and suggestion(at) == "Stay"


def test_coming_back_to_a_step_shows_the_earlier_guess_or_none(app):
    at = open_page(app, "pages/lessons.py")
    jump_to(at, 1)
    assert "None" not in texts(at) and not at.success
    assert at.number_input(key="lesson.guess.02_counting").value is None
    at.number_input(key="lesson.guess.02_counting").set_value(18).run()
    click(at, "lesson.reveal.02_counting")
    assert "Not quite: you guessed 18." in texts(at)
    click(at, "lesson.forward")
    jump_to(at, 1)
    assert "Not quite: you guessed 18." in texts(at) and "None" not in texts(at)
    assert at.number_input(key="lesson.guess.02_counting").value == 18
    assert at.number_input(key="lesson.guess.02_counting").disabled  # the guess was committed


def test_a_checked_answer_is_still_checked_on_coming_back(app):
    at = open_page(app, "pages/lessons.py")
    answer(at, LESSONS[0])
    click(at, "lesson.forward")
    click(at, "lesson.back")
    _, _, question = ui.lesson_words(LESSONS[0].slug)
    radio = at.radio(key=f"lesson.check.{LESSONS[0].slug}")
    assert radio.options[radio.value] == question.options[question.answer]


def test_a_prediction_is_not_given_away_before_the_reveal(app):
    at = open_page(app, "pages/lessons.py")
    jump_to(at, 1)  # 2. Counting: "what do your cards count?"
    shown = texts(at)
    assert "19" not in shown and "count **" not in shown
    assert not [b for b in at.button if b.key and b.key.startswith("lesson.do.")]  # playing would tell
    at.number_input(key="lesson.guess.02_counting").set_value(19).run()
    click(at, "lesson.reveal.02_counting")
    assert "lesson.do.stay" in {b.key for b in at.button}


def test_chances_are_shown_in_small_counts(app):
    at = open_page(app, "pages/lessons.py")
    jump_to(at, 8)  # 9. Settlement: the chance that Bella busts
    predict(at, BY_SLUG["09_settle"])
    assert "about 1 in 4 (25%)" in texts(at)
    assert not re.search(r"\d{4,} in \d{4,}", texts(at))


def test_the_kvitlach_lesson_names_its_moves_as_the_buttons_do(app):
    at = open_page(app, "pages/lessons.py")
    jump_to(at, 11)
    play_the_hand(at, BY_SLUG["12_kvitlach"])  # checks each suggestion against the buttons
    assert "Call elvaroon" in texts(at) and "Raise 1" in texts(at)


def test_a_wrong_answer_gets_specific_feedback_and_no_tick(app):
    at = open_page(app, "pages/lessons.py")
    lesson = LESSONS[0]
    answer(at, lesson, right=False)
    assert at.warning and "Step done!" not in texts(at)
    assert "progress" not in at.session_state or lesson.slug not in at.session_state["progress"].lessons


def test_jump_to_any_step_and_back(app):
    at = open_page(app, "pages/lessons.py")
    jump_to(at, 6)
    assert lesson_heading(at).startswith("7. Aluvun")
    click(at, "lesson.back")
    assert lesson_heading(at).startswith("6. ")


def test_a_hand_that_goes_another_way_can_be_restarted(app):
    at = open_page(app, "pages/lessons.py")
    click(at, "lesson.do.stay")  # the lesson suggested a bet
    click(at, "lesson.next")
    assert "This hand went another way" in texts(at) and " is over: " in html_text(at)
    click(at, "lesson.restart")
    table = at.session_state.get(f"lesson.table.{LESSONS[0].slug}")
    assert table is not None and table.state == LESSONS[0].start().state


def test_every_step_opened_fresh_leaves_no_seat_waiting_without_a_button(app):
    at = open_page(app, "pages/lessons.py")
    for step in range(len(LESSONS)):
        jump_to(at, step)
        assert_can_move_on(at)



def test_the_chips_box_starts_at_the_suggested_bet(app):
    at = open_page(app, "pages/lessons.py")
    assert at.number_input(key="lesson.bet").value == 2  # lesson 1 suggests "Bet 2"
    assert at.button(key="lesson.do.bet").label == "Bet 2"


def test_a_saved_progress_naming_steps_of_another_version_counts_only_these_steps(app):
    """A progress saved by another version may name steps this one has not: the bar counts only these
    steps (fifteen records for twelve steps once put the bar past its end, an exception)."""
    progress = Progress()
    for slug in [lesson.slug for lesson in LESSONS[:2]] + [f"old-step-{i}" for i in range(13)]:
        progress = progress.with_lesson(slug, done=True)
    app.session_state["progress"] = progress
    at = open_page(app, "pages/lessons.py")
    assert at.get("progress")[0].proto.text == "Step 1 of 12 · 2 done (steps 1, 2)"


def test_a_step_picker_drawn_afresh_shows_the_step_it_is_on(app):
    """Issue 21 item 8b (tests/e2e/test_lessons_browser.py drives the slider itself): a run cut short by the next
    can make the browser draw the step picker afresh, from its default; that default is the step shown, so the
    picker never reports a jump the learner did not ask for."""
    at = open_page(app, "pages/lessons.py")
    for step in (8, 3):
        jump_to(at, step)
        picker = at.selectbox(key=f"lesson.jump.{step}")
        assert picker.proto.default == step and picker.value == step


def nodes(element) -> int:
    """An element and everything inside it, as AppTest's element tree has them."""
    return 1 + sum(nodes(child) for child in getattr(element, "children", {}).values())


def test_a_step_draws_few_elements(app):
    """Issue 21 item 12: each element a run draws costs the browser a millisecond or more (benchmarks/
    bench_clicks.py; a lesson's Next was 6.7x the floor's click). The step's heading and text are one Markdown
    element, the table, the learner's cards for phones and the buttons' style one HTML element, and the progress
    is drawn in its place, not into a slot filled later: 41 at the most before, 38 on the first step."""
    at = open_page(app, "pages/lessons.py")
    counts = []
    for step in range(len(LESSONS)):
        counts.append(nodes(at.main))
        if step < len(LESSONS) - 1:
            click(at, "lesson.forward")
    assert counts[0] <= 33 and max(counts) <= 36, counts


def test_a_steps_heading_and_words_are_all_there(app):
    """The step's heading stays a heading (level 2, which the keyboard's focus goes to on a new step) and every
    word of its text follows it; the check's question names its options (a screen reader reads it with them)."""
    at = open_page(app, "pages/lessons.py")
    for number, lesson in enumerate(LESSONS, start=1):
        title, words, question = ui.lesson_words(lesson.slug)
        text = next(str(m.value) for m in at.markdown if str(m.value).startswith("## "))
        assert text.startswith(f"## {number}. {title}\n\n{words['text']}")
        assert f"**Try it.** {words['try']}" in texts(at)
        assert at.radio(key=f"lesson.check.{lesson.slug}").label == question.question
        if number < len(LESSONS):
            click(at, "lesson.forward")
