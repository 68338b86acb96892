"""Lessons: one idea per step. Read a little, predict, play a hand that makes the rule happen, check."""

import random

import streamlit as st

from quitlok import IllegalAction, ui
from quitlok.actions import describe
from quitlok.lessons import LESSONS
from quitlok.odds import percent
from quitlok.ui import table as view

ui.through_the_app()

STEP, DONE = "lesson.step", "lesson.done"
TITLES = [ui.lesson_words(lesson.slug)[0] for lesson in LESSONS]


# --- state and callbacks -------------------------------------------------------------------------


def table_key(slug: str) -> str:
    return f"lesson.table.{slug}"


def go_to(step: int) -> None:
    st.session_state[STEP] = max(0, min(step, len(LESSONS) - 1))
    st.session_state["lesson.jump"] = st.session_state[STEP]


def jump() -> None:
    go_to(st.session_state["lesson.jump"])


def history_key(slug: str) -> str:
    return f"lesson.moves.{slug}"


def restart(slug: str) -> None:
    st.session_state.pop(table_key(slug), None)
    st.session_state.pop(history_key(slug), None)


def act(slug: str, action) -> None:
    try:
        st.session_state[table_key(slug)] = st.session_state[table_key(slug)].act(action)
    except IllegalAction as problem:
        st.session_state["lesson.problem"] = str(problem)
        return
    st.session_state[history_key(slug)] = st.session_state.get(history_key(slug), ()) + (action,)


def step_computers(slug: str) -> None:
    st.session_state[table_key(slug)] = st.session_state[table_key(slug)].skip_to_human()


def reveal(slug: str) -> None:
    st.session_state[f"lesson.revealed.{slug}"] = True


def check_answer(slug: str, order: list[int]) -> None:
    choice = st.session_state.get(f"lesson.check.{slug}")
    st.session_state[f"lesson.checked.{slug}"] = None if choice is None else order[choice]


# --- pieces of the page ------------------------------------------------------------------------------


def progress() -> None:
    done = st.session_state[DONE]
    step = st.session_state[STEP]
    st.progress(len(done) / len(LESSONS), text=f"Step {step + 1} of {len(LESSONS)} · {len(done)} done")
    st.selectbox("Go to step", range(len(LESSONS)), key="lesson.jump", on_change=jump,
                 format_func=lambda i: f"{i + 1}. {TITLES[i]}")
    st.caption("Done: " + (", ".join(str(i + 1) for i, lesson in enumerate(LESSONS) if lesson.slug in done)
                           or "none yet") + ".")


def prediction(lesson, words: dict) -> None:
    """Predict, then reveal the exact figure from the engine."""
    if lesson.predict is None:
        return
    slug, exact = lesson.slug, lesson.figure()
    with st.container(border=True):
        st.markdown(f"**Predict first.** {words['predict']}")
        if lesson.predict == "value":
            st.number_input("Your guess", 0, 40, key=f"lesson.guess.{slug}", value=None, placeholder="a number")
        else:
            st.slider("Your guess (%)", 0, 100, key=f"lesson.guess.{slug}", value=50)
        guess = st.session_state.get(f"lesson.guess.{slug}")
        st.button("Reveal", key=f"lesson.reveal.{slug}", disabled=guess is None, on_click=reveal, args=(slug,))
        if st.session_state.get(f"lesson.revealed.{slug}"):
            if lesson.predict == "value":
                verdict = "Right!" if guess == exact else f"Not quite: you guessed {guess}."
                st.success(f"{verdict} Your cards count **{exact}**.")
            else:
                fraction = f"{exact.numerator} in {exact.denominator}"
                close = abs(guess - 100 * float(exact)) <= 5
                verdict = "Very close!" if close else f"You guessed {guess}%."
                (st.success if close else st.info)(
                    f"{verdict} The exact chance is **{fraction} ({percent(exact)})**, worked out over every card "
                    "still unseen." + (f" Without aluvun it would be {percent(lesson.figure_without_aluvun())}."
                                       if lesson.predict == "bust with aluvun" else ""))


def the_hand(lesson, words: dict) -> bool:
    """The lesson's hand, played with the real engine; True once its rule has happened."""
    slug = lesson.slug
    table = st.session_state.setdefault(table_key(slug), lesson.start())
    st.markdown(f"**Try it.** {words['try']}")
    view.the_table(table)
    reached = lesson.reached(table)
    if problem := st.session_state.pop("lesson.problem", None):
        st.error(problem)
    if reached:
        st.success(words["done"], icon=":material/check_circle:")
    elif table.humans_turn:
        st.markdown(view.situation(table))
        view.action_buttons(table, "lesson", lambda action: act(slug, action))
        suggested = next_suggestion(lesson)
        if suggested:
            st.caption(f"Suggested: **{suggested}**")
    elif not table.state.is_over:
        st.button("Let the others play", key="lesson.next", on_click=step_computers, args=(slug,),
                  icon=":material/play_arrow:", type="primary")
    if not reached and (table.state.is_over or (table.humans_turn and next_suggestion(lesson) is None)):
        st.info("This hand went another way. Start it again and try the suggested moves.")
    st.button("Start this hand again", key="lesson.restart", on_click=restart, args=(slug,),
              icon=":material/replay:")
    with st.expander("What happened"):
        for event in reversed(table.state.events):
            st.markdown(event)
    return reached


def next_suggestion(lesson) -> str | None:
    """The next suggested move, while the learner has followed the suggestions so far."""
    made = st.session_state.get(history_key(lesson.slug), ())
    if made != lesson.moves[:len(made)] or len(made) >= len(lesson.moves):
        return None
    return describe(lesson.moves[len(made)])


def check(lesson, question) -> bool:
    slug = lesson.slug
    order = list(range(len(question.options)))
    random.Random(slug).shuffle(order)
    with st.container(border=True):
        st.markdown(f"**Check.** {question.question}")
        st.radio("Your answer", range(len(order)), key=f"lesson.check.{slug}", index=None,
                 format_func=lambda i: question.options[order[i]], label_visibility="collapsed")
        st.button("Check my answer", key=f"lesson.check_button.{slug}", on_click=check_answer, args=(slug, order))
        chosen = st.session_state.get(f"lesson.checked.{slug}")
        if chosen is None:
            return False
        right = chosen == question.answer
        (st.success if right else st.warning)(question.feedback[chosen])
        return right


# --- the page ------------------------------------------------------------------------------------

st.session_state.setdefault(STEP, 0)
st.session_state.setdefault(DONE, set())
st.session_state.setdefault("lesson.jump", st.session_state[STEP])

st.title("Learn to play, step by step")
top = st.empty()  # the progress is drawn last, once this step's hand and check are known
lesson = LESSONS[st.session_state[STEP]]
title, words, question = ui.lesson_words(lesson.slug)
st.header(f"{st.session_state[STEP] + 1}. {title}")
st.markdown(words["text"])
prediction(lesson, words)
played = the_hand(lesson, words)
answered = check(lesson, question)
if played and answered:
    st.session_state[DONE].add(lesson.slug)
    st.success("Step done!" + (" On to the next one." if st.session_state[STEP] < len(LESSONS) - 1 else
                               " That was the last step: try a whole game at the practice table, or the quiz."))
if st.session_state[STEP] == len(LESSONS) - 1 or len(st.session_state[DONE]) == len(LESSONS):
    with st.container(horizontal=True):
        st.page_link("pages/play.py", label="Play a whole game", icon=":material/playing_cards:")
        st.page_link("pages/quiz.py", label="Take the quiz", icon=":material/quiz:")
        st.page_link("pages/history_origins.py", label="Where the game comes from", icon=":material/history_edu:")

with top.container():
    progress()

back, forward = st.columns(2)
back.button("Back", key="lesson.back", on_click=go_to, args=(st.session_state[STEP] - 1,),
            disabled=st.session_state[STEP] == 0, icon=":material/arrow_back:", width="stretch")
forward.button("Next", key="lesson.forward", on_click=go_to, args=(st.session_state[STEP] + 1,),
               disabled=st.session_state[STEP] == len(LESSONS) - 1, icon=":material/arrow_forward:",
               type="primary", width="stretch")
