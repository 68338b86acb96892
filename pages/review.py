"""Review: the positions where the learner's decisions cost chips come back as questions, on a spaced
schedule (quitlok.progress), with the advisor's exact value of every option after each answer.

A mistake comes from this browser's storage or a transfer code, so its words (the rules' name, each option's
label) are shown as text (quitlok.ui.names), never as Markdown."""

from datetime import datetime

import pandas as pd
import streamlit as st

from quitlok import ui
from quitlok.i18n import _, day, decimal, ngettext
from quitlok.progress import Mistake
from quitlok.ui import names, rtl
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
    a.metric(_("Chips your mistakes cost this week"), decimal(this, 2),
             delta=_("{change} on last week").format(change=decimal(this - last, 2, signed=True)),
             delta_color="inverse")
    b.metric(_("Positions kept"), len(kept.mistakes))
    c.metric(_("Due now"), len(kept.due(learner.now())))


def the_position(mistake: Mistake) -> None:
    st.markdown(ngettext("**{rules} rules.** Your cards (stake {stake}, up to {room} more chips may be bet):",
                         "**{rules} rules.** Your cards (stake {stake}, up to {room} more chips may be bet):",
                         mistake.room).format(rules=names.markdown(mistake.rules), stake=mistake.stake,
                                              room=mistake.room))
    ui.show_cards(mistake.hand, (True,) * len(mistake.hand), mine=True)
    if mistake.seen:
        st.caption(_("The other cards you could see:"))
        ui.show_cards(mistake.seen, (True,) * len(mistake.seen), mine=False, small=True)
    if mistake.stock is not None:
        cards, under = mistake.stock.cards, len(mistake.stock.under)
        st.caption(words("stock", cards=str(cards), cards_word=ngettext("card", "cards", cards),
                         under=str(under), under_word=ngettext("card", "cards", under)))


def the_question(mistake: Mistake) -> None:
    options = [label for label, _ in mistake.options]
    answered = st.session_state.get(ANSWER)
    answered = answered[1] if answered and answered[0] == mistake.made else None
    st.radio(words("question"), range(len(options)), key="review.choice",
             format_func=lambda i: names.markdown(mistake.label_words(options[i])),
             index=options.index(answered) if answered else None, disabled=answered is not None)
    if answered is None:
        st.button(_("Check my answer"), type="primary", key="review.check", on_click=check, args=(mistake, options),
                  icon=":material/check:")
        return
    if mistake.is_right(answered):
        st.success(words("right"), icon=":material/celebration:")
    else:
        st.warning(words("wrong", best=names.markdown(mistake.label_words(mistake.best))), icon=":material/lightbulb:")
    best = max(v for _label, v in mistake.options)
    # Translators: the headings of the table of the position's moves ("Move": a move the player could make)
    average, cost = _("Chips on average"), _("Cost against the best")
    frame = pd.DataFrame([(names.markdown(mistake.label_words(label)), value, best - value)
                          for label, value in mistake.options],
                         columns=[_("Move"), average, cost])
    st.table(frame.style.format({average: lambda value: decimal(value, 2, signed=True),
                                 cost: lambda value: decimal(value, 2)}).hide(axis="index"))
    st.caption(_("At the table you chose **{move}**, {cost} chips worse on average than the best.").format(
        move=names.markdown(mistake.label_words(mistake.chosen)), cost=decimal(mistake.cost, 2)))
    st.button(_("Next position"), type="primary", key="review.next", on_click=next_one, args=(mistake,),
              icon=rtl.icon(":material/arrow_forward:"))


st.title(_("Review your mistakes"))
st.markdown(words("intro"))
kept = learner.current()
if not kept.mistakes:
    st.info(words("none"), icon=":material/school:")
    st.page_link("pages/play.py", label=_("Play at the practice table"), icon=":material/playing_cards:")
    st.stop()
week(kept)
due = kept.due(learner.now())
if not due:
    soonest = min(m.due for m in kept.mistakes)
    st.info(words("nothing_due") + " " + _("The next comes back on {day}.").format(
        day=day(datetime.fromtimestamp(soonest))),
            icon=":material/event_available:")
    st.stop()
mistake = due[0]
with st.container(border=True, key="review-position"):
    st.header(_("Position 1 of {due} due · it cost you {cost} chips").format(due=len(due),
                                                                             cost=decimal(mistake.cost, 2)))
    the_position(mistake)
    the_question(mistake)
