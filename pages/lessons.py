"""Lessons: one idea per step. Read a little, predict, play a hand that makes the rule happen, check."""

import random

import streamlit as st

from quitlok import IllegalAction, ui
from quitlok.game import BANKER, Bet, action_label, seat_name
from quitlok.i18n import _, ngettext
from quitlok.lessons import LESSONS
from quitlok.odds import chance_words
from quitlok.ui import focus, guard, restarts, rtl
from quitlok.ui import progress as learner
from quitlok.ui import table as view

ui.through_the_app()

STEP = "lesson.step"
TITLES = [ui.lesson_words(lesson.slug)[0] for lesson in LESSONS]
SLUGS = {lesson.slug for lesson in LESSONS}


# --- state and callbacks -------------------------------------------------------------------------


def table_key(slug: str) -> str:
    return f"lesson.table.{slug}"


def history_key(slug: str) -> str:
    return f"lesson.moves.{slug}"


def guess_key(slug: str) -> str:
    """The guess widget's own key (Streamlit forgets it while another step is shown)."""
    return f"lesson.guess.{slug}"


def guessed_key(slug: str) -> str:
    """The guess the learner revealed, kept for as long as the session lasts."""
    return f"lesson.guessed.{slug}"


def go_to(step: int) -> None:
    st.session_state[STEP] = max(0, min(step, len(LESSONS) - 1))
    st.session_state.pop("lesson.lost", None)


def jump_key(step: int) -> str:
    """The step picker's key while `step` is shown: a picker of its own per step, whose default is that step."""
    return f"lesson.jump.{step}"


def jump() -> None:
    key = jump_key(st.session_state[STEP])
    if guard.keep_choice(key, range(len(LESSONS))):
        go_to(st.session_state[key])


def restart(slug: str) -> None:
    st.session_state.pop(table_key(slug), None)
    st.session_state.pop(history_key(slug), None)


def act(lesson, action) -> None:
    """The learner's move; nothing once the lesson's hand is over (a second click that arrives late must not
    play on into the next hand)."""
    slug = lesson.slug
    table = st.session_state[table_key(slug)]
    try:
        moved = lesson.move(table, action)
    except IllegalAction as problem:
        st.session_state["lesson.problem"] = str(problem)
        return
    if moved is not table:
        st.session_state[table_key(slug)] = moved
        st.session_state[history_key(slug)] = st.session_state.get(history_key(slug), ()) + (action,)


def let_the_others_play(lesson) -> None:
    """Computer moves until the learner's next decision or the end of the hand; nothing once it is over."""
    st.session_state[table_key(lesson.slug)] = lesson.play_on(st.session_state[table_key(lesson.slug)])


def reveal(slug: str) -> None:
    st.session_state[guessed_key(slug)] = st.session_state.get(guess_key(slug))


def check_answer(slug: str, order: list[int]) -> None:
    if not guard.keep_choice(f"lesson.check.{slug}", [*order, None]):
        return
    choice = st.session_state.get(f"lesson.check.{slug}")
    st.session_state[f"lesson.checked.{slug}"] = None if choice is None else order[choice]


# --- pieces of the page ------------------------------------------------------------------------------


def done_steps() -> set[str]:
    """The steps this learner has done, on this visit or an earlier one (kept in the browser): only steps
    the lessons still have (a saved progress may name steps of another version)."""
    return {slug for slug, record in learner.current().lessons.items() if record.done} & SLUGS


def progress() -> None:
    """The bar: which step this is and which are done (drawn last, into its place at the top)."""
    done = done_steps()
    step = st.session_state[STEP]
    which = [str(i + 1) for i, lesson in enumerate(LESSONS) if lesson.slug in done]
    numbers = {"step": step + 1, "total": len(LESSONS), "done": len(done), "steps": ", ".join(which)}
    text = (ngettext("Step {step} of {total} · {done} done (step {steps})",
                     "Step {step} of {total} · {done} done (steps {steps})", len(which)) if which else
            _("Step {step} of {total} · {done} done"))
    st.progress(len(done) / len(LESSONS), text=text.format(**numbers))


def step_picker() -> None:
    """Go to any step. Drawn in the run's flow, never into a place filled at the end of the run: a run cut short
    by the next one (a guess slider moved with the arrow keys sends a value per key press) leaves such a place
    empty, so the browser drops the picker and its value; drawn again, the picker started from its default,
    step 1, and reported it as the learner's choice (issue 21: lesson 9 jumped back to step 1). Its default is
    the step shown, too, so a picker drawn afresh never reports a change of its own."""
    guard.keep_choice(jump_key(st.session_state[STEP]), range(len(LESSONS)))
    st.selectbox(_("Go to step"), range(len(LESSONS)), key=jump_key(st.session_state[STEP]), on_change=jump,
                 index=st.session_state[STEP], format_func=lambda i: f"{i + 1}. {TITLES[i]}")


def guessed(lesson):
    """The guess the learner revealed for this step, or None before the reveal."""
    return st.session_state.get(guessed_key(lesson.slug))


def prediction(lesson, words: dict) -> None:
    """Predict, then reveal the exact figure from the engine. A revealed guess stays, locked, when the learner
    comes back to the step; the hand below waits for the reveal, since playing it would tell the answer."""
    if lesson.predict is None:
        return
    slug, exact, guess = lesson.slug, lesson.figure(), guessed(lesson)
    if guess is not None:
        st.session_state[guess_key(slug)] = guess  # show the guess that was revealed, whatever the widget forgot
    with st.container(border=True):
        st.markdown(_("**Predict first.** {question}").format(question=words["predict"]))
        if lesson.predict == "value":
            st.number_input(_("Your guess"), 0, 40, key=guess_key(slug), value=None, placeholder=_("a number"),
                            disabled=guess is not None)
        else:
            st.session_state.setdefault(guess_key(slug), 50)
            st.slider(_("Your guess (%)"), 0, 100, key=guess_key(slug), disabled=guess is not None)
        if guess is None:
            st.button(_("Reveal"), key=f"lesson.reveal.{slug}", disabled=st.session_state.get(guess_key(slug)) is None,
                      on_click=reveal, args=(slug,), type="primary")
        elif lesson.predict == "value":
            right = guess == exact
            (st.success if right else st.info)(
                (_("Right! Your cards count **{exact}**.") if right else
                 _("Not quite: you guessed {guess}. Your cards count **{exact}**.")).format(guess=guess, exact=exact))
        else:
            close = abs(guess - 100 * float(exact)) <= 5
            said = _("Very close! {figure}") if close else _("You guessed {guess}%. {figure}")
            (st.success if close else st.info)(said.format(guess=guess, figure=figure_words(lesson, exact)))


def figure_words(lesson, exact) -> str:
    """The exact chance in words, with what it was counted over."""
    if lesson.predict == "bust":
        pool = lesson.unseen()
        return _("The exact chance is **{chance}**: {busting} of the {pool} cards you have not seen would take you "
                 "over 21.").format(chance=chance_words(exact), busting=exact * pool, pool=pool)
    text = _("The exact chance is **{chance}**, worked out over every card you have not seen.").format(
        chance=chance_words(exact))
    if lesson.predict == "bust with aluvun":
        without = chance_words(lesson.figure_without_aluvun())
        text += " " + _("Without aluvun it would be {chance}.").format(chance=without)
    return text


def lesson_table(lesson):
    """The lesson's hand as it stands (dealt afresh when the step has none yet)."""
    return st.session_state.setdefault(table_key(lesson.slug), lesson.start())


def try_it(words: dict) -> str:
    """The words that start the lesson's hand."""
    return _("**Try it.** {task}").format(task=words["try"])


def step_text(number: int, title: str, words: dict, lesson) -> str:
    """The step's heading and text as one Markdown element (a heading, paragraphs and lists as Markdown has them;
    each element a step draws costs the browser a little: benchmarks/bench_clicks.py), with the words that start
    its hand when no guess comes between them."""
    text = f"## {number}. {title}\n\n{words['text']}"
    return text if lesson.predict is not None else f"{text}\n\n{try_it(words)}"


def the_hand(lesson, words: dict) -> None:
    """The lesson's hand, played with the real engine to its end (its first words drawn here after a guess, else
    with the step's text)."""
    slug = lesson.slug
    table = lesson_table(lesson)
    if lesson.predict is not None:
        st.markdown(try_it(words))
    if problem := st.session_state.pop("lesson.problem", None):
        st.error(problem)
    if lesson.over(table):  # how the hand went first; then the table as the next hand begins
        view.hand_over(table)
        if lesson.reached(table):
            st.success(words["done"], icon=":material/check_circle:")
        else:
            st.info(_("This hand went another way. Start it again and try the suggested moves."))
        st.markdown(_("**The table now**, as the next hand begins:"))
        view.top_bar(table)
    else:
        next_decision(lesson, table)
    st.button(_("Start this hand again"), key="lesson.restart", on_click=restart, args=(slug,),
              icon=":material/replay:")
    with st.expander(_("What happened, step by step (newest first)"), expanded=lesson.over(table)):
        # HTML, as the practice table's log: a line is text, never Markdown ("1. rozdání banku" is no list)
        st.html(f"<p>{view.newest_first(list(lesson.story(table)), table.state.players)}</p>")


def next_decision(lesson, table) -> None:
    """A hand in play: the table, and under it the learner's buttons with the suggested move, or the button that
    lets the computer players play on (to the learner's next decision or the end of the hand). The table, the
    learner's cards for phones and the buttons' style are one element."""
    slug, s = lesson.slug, table.state
    yours = lesson.predict is None or guessed(lesson) is not None
    mine = yours and table.humans_turn
    st.html(view.whole_table_html(table, with_hand_over=False, then=view.phone_hand_html(table) if mine else "")
            + (view.wrap_buttons_css("lesson-actions") if mine else ""))
    if not yours:
        st.info(_("Make your guess above and reveal it; then play the hand."), icon=":material/arrow_upward:")
    elif table.humans_turn:
        made = st.session_state.get(history_key(slug), ())
        move = lesson.next_move(made)
        if isinstance(move, Bet) and st.session_state.get("lesson.bet_for") != (slug, len(made)):
            st.session_state["lesson.bet"] = move.n  # the chips box starts at the suggested bet, once
            st.session_state["lesson.bet_for"] = (slug, len(made))
        label = "" if move is None else action_label(s, move)
        st.markdown(f"{view.situation(table)}  \n{what_to_do(lesson, made, label)}")
        view.action_buttons(table, "lesson", lambda action: act(lesson, action), css=False)
    else:
        who = seat_name(s.players[s.to_act])
        over = [] if table.human in s.waiting or table.human == s.banker else [_("Your turn is over.")]
        now = _("{name}, the banker, plays now.") if s.phase == BANKER else _("It is {name}'s turn.")
        st.markdown(" ".join([*over, now.format(name=who)]))
        st.button(_("Let the others play"), key="lesson.next", on_click=let_the_others_play, args=(lesson,),
                  icon=":material/play_arrow:", type="primary")


def what_to_do(lesson, made: tuple, label: str) -> str:
    """The line under the learner's position: the advisor's best move, with the Hint's bulb; a move there only to
    show the rule, said as such and never as advice; or nothing more to suggest."""
    words = ui.content_sections("learn/moves")
    if not label:
        return words["other"]
    if lesson.demonstrates(made):
        return ":material/visibility: " + " ".join(words["demonstration"].split()).format(move=label)
    return ":material/lightbulb: " + words["suggested"].format(move=label)


def answered(lesson, question) -> bool:
    """The learner checked the right answer to this step's question."""
    return st.session_state.get(f"lesson.checked.{lesson.slug}") == question.answer


def check(lesson, question) -> None:
    """The check question, its options in an order fixed per step; the answer checked stays checked when
    the learner comes back to the step. The question is also the options' own label (shown once, above them),
    which a screen reader reads with them."""
    slug = lesson.slug
    order = list(range(len(question.options)))
    random.Random(slug).shuffle(order)
    chosen = st.session_state.get(f"lesson.checked.{slug}")
    if chosen is not None and st.session_state.get(f"lesson.check.{slug}") is None:
        st.session_state[f"lesson.check.{slug}"] = order.index(chosen)
    guard.keep_choice(f"lesson.check.{slug}", [*order, None])
    with st.container(border=True):
        st.markdown(_("**Check.** {question}").format(question=question.question))
        st.radio(question.question, range(len(order)), key=f"lesson.check.{slug}", index=None,
                 format_func=lambda i: question.options[order[i]], label_visibility="collapsed")
        st.button(_("Check my answer"), key=f"lesson.check_button.{slug}", on_click=check_answer, args=(slug, order))
        chosen = st.session_state.get(f"lesson.checked.{slug}")
        if chosen is not None:
            (st.success if chosen == question.answer else st.warning)(question.feedback[chosen])


# --- the page ------------------------------------------------------------------------------------

st.session_state.setdefault(STEP, 0)
if restore := st.session_state.pop("lesson.restore", None):
    go_to(restore[0])
    st.session_state["lesson.lost"] = restore[1].format(step=st.session_state[STEP] + 1)

st.title(_("Learn to play, step by step"))
with st.sidebar:  # the page reruns as soon as a restarted server is back, so that it finds its step again
    ui.internals.rerun_on_reconnect()


@guard.fragment
def this_step() -> None:
    """The step: its words, guess, hand and check, the progress above and Back and Next below. Every click on
    it (a move, a guess, the check, another step) reruns only this part of the page, not the sidebar; a step
    done is kept with the progress, so this part saves it itself when one changed it (its reruns do not reach
    the app's keeper), with as few elements as it can (each costs the browser a little a run: the step's heading
    and text are one Markdown element, the table and what goes with it one HTML element)."""
    lesson = LESSONS[st.session_state[STEP]]
    title, words, question = ui.lesson_words(lesson.slug)
    done = lesson.done(lesson_table(lesson)) and answered(lesson, question)
    if done:  # known before anything is drawn, so the progress above counts this step
        record = learner.current().lessons.get(lesson.slug)
        checked = st.session_state.get(f"lesson.checked.{lesson.slug}")
        if record is None or not record.done:
            learner.update(lambda p: p.with_lesson(lesson.slug, done=True, guess=guessed(lesson), answer=checked))
    progress()
    step_picker()
    if note := st.session_state.get("lesson.lost"):  # until another step is chosen
        st.info(note, icon=":material/sync_problem:")
    st.markdown(step_text(st.session_state[STEP] + 1, title, words, lesson))
    prediction(lesson, words)
    the_hand(lesson, words)
    check(lesson, question)
    if done:
        st.success(_("Step done! On to the next one.") if st.session_state[STEP] < len(LESSONS) - 1 else
                   _("Step done! That was the last step: try a whole game at the practice table, or the quiz."))
    if st.session_state[STEP] == len(LESSONS) - 1 or len(done_steps()) == len(LESSONS):
        with st.container(horizontal=True):
            st.page_link("pages/play.py", label=_("Play a whole game"), icon=":material/playing_cards:")
            st.page_link("pages/quiz.py", label=_("Take the quiz"), icon=":material/quiz:")
            st.page_link("pages/history_origins.py", label=_("Where the game comes from"),
                         icon=":material/history_edu:")

    with st.container(horizontal=True, gap="medium"):  # a row without columns: fewer elements
        st.button(_("Back"), key="lesson.back", on_click=go_to, args=(st.session_state[STEP] - 1,),
                  disabled=st.session_state[STEP] == 0, icon=rtl.icon(":material/arrow_back:"), width="stretch")
        st.button(_("Next"), key="lesson.forward", on_click=go_to, args=(st.session_state[STEP] + 1,),
                  disabled=st.session_state[STEP] == len(LESSONS) - 1, icon=rtl.icon(":material/arrow_forward:"),
                  type="primary", width="stretch")
    step = st.session_state[STEP]
    lost = restarts.held("lessons", str(step + 1) if step else "", rerun=False)
    if lost and lost.label.isdigit():  # a restart or a reload: back to the step this tab was on, in a new run (the
        st.session_state["lesson.restore"] = (int(lost.label) - 1, lost.words)  # step picker is drawn already)
        st.rerun()
    learner.keep_if_changed("lessons")
    focus.keep_focus(focus.buttons("lesson-actions", "lesson.next") + ', [class*="st-key-lesson-check-"] input, '
                     + focus.buttons("lesson.check_button*", "lesson.forward", "lesson.back"),
                     key="lesson.focus", step=st.session_state[STEP])


this_step()
