"""Quiz: questions made by the engine from real games, and fixed questions on history and terms."""

import random

import streamlit as st

from quitlok import ui
from quitlok.quiz import GENERATORS, Question

ui.through_the_app()

#: how many recent answers per topic count towards its mastery
RECENT = 5


def new_question() -> None:
    """Alternate a question the engine makes with a fixed one, in a shuffled order."""
    ss = st.session_state
    rng = random.Random(ss["quiz.seed"] + ss["quiz.asked"])
    fixed = ui.fixed_questions()
    if ss["quiz.asked"] % 2 == 0:
        generator = GENERATORS[(ss["quiz.asked"] // 2) % len(GENERATORS)]
        question = generator(rng, ui.current_rules())
        feedback = tuple(("Right! " if i == question.answer else "Not quite. ") + question.explanation
                         for i in range(len(question.options)))
    else:
        order = ss.setdefault("quiz.fixed_order", random.Random(ss["quiz.seed"]).sample(range(len(fixed)), len(fixed)))
        topic, check = fixed[order[(ss["quiz.asked"] // 2) % len(fixed)]]
        shuffle = rng.sample(range(len(check.options)), len(check.options))
        question = Question(topic, check.question, tuple(check.options[i] for i in shuffle),
                            shuffle.index(check.answer), "")
        feedback = tuple(check.feedback[i] for i in shuffle)
    ss["quiz.question"], ss["quiz.feedback"], ss["quiz.checked"] = question, feedback, None
    ss["quiz.asked"] += 1
    ss.pop("quiz.choice", None)


def check() -> None:
    ss = st.session_state
    choice = ss.get("quiz.choice")
    if choice is None or ss["quiz.checked"] is not None:
        return
    question = ss["quiz.question"]
    right = choice == question.answer
    ss["quiz.checked"] = choice
    ss["quiz.results"].setdefault(question.topic, []).append(right)


def mastery(results: dict[str, list[bool]]) -> float:
    """The share of recent answers that were right, averaged over the topics met so far."""
    if not results:
        return 0.0
    return sum(sum(r[-RECENT:]) / len(r[-RECENT:]) for r in results.values()) / len(results)


st.title("Quiz")
ss = st.session_state
ss.setdefault("quiz.seed", random.randrange(10**6))
ss.setdefault("quiz.asked", 0)
ss.setdefault("quiz.results", {})
if "quiz.question" not in ss:
    new_question()

results = ss["quiz.results"]
answered = sum(len(r) for r in results.values())
right = sum(sum(r) for r in results.values())
score, bar = st.columns([1, 3], vertical_alignment="center")
score.metric("Score", f"{right} of {answered}")
bar.progress(mastery(results), text=f"Mastery: {mastery(results):.0%} (your last {RECENT} answers in each topic)")
if results:
    st.caption(" · ".join(f"{topic}: {sum(r[-RECENT:])} of {len(r[-RECENT:])}" for topic, r in sorted(results.items())))

question: Question = ss["quiz.question"]
with st.container(border=True):
    st.markdown(f":blue-badge[{question.topic}]")
    st.markdown(f"**{question.prompt}**")
    st.radio("Your answer", range(len(question.options)), key="quiz.choice", index=None,
             format_func=lambda i: question.options[i], label_visibility="collapsed",
             disabled=ss["quiz.checked"] is not None)
    if ss["quiz.checked"] is None:
        st.button("Check", key="quiz.check", on_click=check, type="primary", disabled=ss.get("quiz.choice") is None)
    else:
        chosen = ss["quiz.checked"]
        (st.success if chosen == question.answer else st.warning)(ss["quiz.feedback"][chosen])
        if chosen != question.answer:
            st.markdown(f"The answer: **{question.options[question.answer]}**")
        st.button("Next question", key="quiz.next", on_click=new_question, type="primary")
st.caption("Questions on counting, settlements, the bank, betting and odds are made from real games by the "
           "engine, with your house rules; the others are on the history and the words of the game.")
