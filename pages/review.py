"""Review: the positions where the learner's decisions cost chips come back as questions, on a spaced
schedule (quitlok.progress), with the advisor's exact value of every option after each answer.

A mistake comes from this browser's storage or a transfer code, so its words (the rules' name, each option's
label) are shown as text (quitlok.ui.names), never as Markdown."""

from datetime import datetime

import pandas as pd
import streamlit as st

from quitlok import ui
from quitlok.progress import Mistake
from quitlok.ui import names
from quitlok.ui import progress as learner

ui.through_the_app()

ANSWER = "review.answer"  # (mistake's time, option chosen) once the learner has answered


def words(key: str, **values: str) -> str:
    return ui.content_sections("review/help")[key].format(**values)


def check(mistake: Mistake, options: list[str]) -> None:
    choice = st.session_state.get("review.choice")
    if choice is not None:
        st.session_state[ANSWER] = (mistake.made, options[choice])


def next_one(mistake: Mistake) -> None:
    made, label = st.session_state.pop(ANSWER)
    learner.update(lambda p: p.reviewed(made, mistake.is_right(label), learner.now()))
    st.session_state.pop("review.choice", None)


def week(kept) -> None:
    this, last = kept.week_costs(learner.now())
    a, b, c = st.columns(3)
    a.metric("Chips your mistakes cost this week", f"{this:.2f}", delta=f"{this - last:+.2f} on last week",
             delta_color="inverse")
    b.metric("Positions kept", len(kept.mistakes))
    c.metric("Due now", len(kept.due(learner.now())))


def the_position(mistake: Mistake) -> None:
    st.markdown(f"**{names.markdown(mistake.rules)} rules.** Your cards (stake {mistake.stake}, up to "
                f"{mistake.room} more chips may be bet):")
    ui.show_cards(mistake.hand, (True,) * len(mistake.hand), mine=True)
    if mistake.seen:
        st.caption("The other cards you could see:")
        ui.show_cards(mistake.seen, (True,) * len(mistake.seen), mine=False, small=True)
    if mistake.stock is not None:
        cards, under = mistake.stock.cards, len(mistake.stock.under)
        st.caption(words("stock", cards=str(cards), cards_word="card" if cards == 1 else "cards",
                         under=str(under), under_word="card" if under == 1 else "cards"))


def the_question(mistake: Mistake) -> None:
    options = [label for label, _ in mistake.options]
    answered = st.session_state.get(ANSWER)
    answered = answered[1] if answered and answered[0] == mistake.made else None
    st.radio(words("question"), range(len(options)), key="review.choice",
             format_func=lambda i: names.markdown(options[i]),
             index=options.index(answered) if answered else None, disabled=answered is not None)
    if answered is None:
        st.button("Check my answer", type="primary", key="review.check", on_click=check, args=(mistake, options),
                  icon=":material/check:")
        return
    if mistake.is_right(answered):
        st.success(words("right"), icon=":material/celebration:")
    else:
        st.warning(words("wrong", best=names.markdown(mistake.best)), icon=":material/lightbulb:")
    best = max(v for _, v in mistake.options)
    frame = pd.DataFrame([(names.markdown(label), value, best - value) for label, value in mistake.options],
                         columns=["Move", "Chips on average", "Cost against the best"])
    st.table(frame.style.format({"Chips on average": "{:+.2f}", "Cost against the best": "{:.2f}"})
             .hide(axis="index"))
    st.caption(f"At the table you chose **{names.markdown(mistake.chosen)}**, {mistake.cost:.2f} chips worse on "
               "average than the best.")
    st.button("Next position", type="primary", key="review.next", on_click=next_one, args=(mistake,),
              icon=":material/arrow_forward:")


st.title("Review your mistakes")
st.markdown(words("intro"))
kept = learner.current()
if not kept.mistakes:
    st.info(words("none"), icon=":material/school:")
    st.page_link("pages/play.py", label="Play at the practice table", icon=":material/playing_cards:")
    st.stop()
week(kept)
due = kept.due(learner.now())
if not due:
    soonest = min(m.due for m in kept.mistakes)
    st.info(words("nothing_due") + f" The next comes back on {datetime.fromtimestamp(soonest):%A %d %B}.",
            icon=":material/event_available:")
    st.stop()
mistake = due[0]
with st.container(border=True, key="review-position"):
    st.header(f"Position 1 of {len(due)} due · it cost you {mistake.cost:.2f} chips")
    the_position(mistake)
    the_question(mistake)
