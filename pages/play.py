"""Practice table: play Kvitlach against computer players, one decision at a time."""

import random

import streamlit as st

from quitlok import IllegalAction, InvalidSetup, ui
from quitlok.actions import describe
from quitlok.coach import TOLERANCE
from quitlok.game import BANKER, PROTECTED, RETIRE, Action, Bet
from quitlok.practice import COMPUTER_NAMES, STYLES, PracticeTable, start_table
from quitlok.ui import table as view

ui.through_the_app()

TABLE = "play.table"


# --- callbacks: every button returns a new, immutable table -------------------------------


def start_game() -> None:
    ss = st.session_state
    seat = min(ss["play.seat"], ss["play.computers"] + 1) - 1
    try:
        ss[TABLE] = start_table(
            ui.current_rules(),
            computers=ss["play.computers"],
            seat=seat,
            chips=ss["play.chips"],
            bank=ss["play.bank"],
            style=ss["play.style"],
            banker=seat if ss["play.first"] == "Me" else None,
            banker_stands_on=None if ss["play.stands_on"] == "style" else ss["play.stands_on"],
            seed=random.randrange(10**9),
        )
        ss.pop("play.problem", None)
    except InvalidSetup as problem:
        ss["play.problem"] = str(problem)


def act(action: Action) -> None:
    table: PracticeTable = st.session_state[TABLE]
    coaching = table.coaching()
    try:
        st.session_state[TABLE] = table.act(action)
        st.session_state.pop("play.problem", None)
    except IllegalAction as problem:
        st.session_state["play.problem"] = str(problem)
        return
    st.session_state["play.feedback"] = feedback(coaching, action)


def feedback(coaching, action: Action) -> tuple[str, str] | None:
    """("best" or "cost", a short note) on the learner's decision, from the advisor's exact values."""
    if coaching is None or action not in coaching.values:
        return None
    cost = coaching.cost(action)
    if cost < TOLERANCE:
        return "best", f"{describe(action)}: the best play here."
    return "cost", (f"{describe(action)} cost about {cost:.2f} chips on average; "
                    f"the best was {describe(coaching.best)} ({ui.chips(coaching.values[coaching.best])}).")


def toggle_hint() -> None:
    ss = st.session_state
    position = len(ss[TABLE].state.events)
    ss["play.hint_at"] = None if ss.get("play.hint_at") == position else position


def next_move() -> None:
    st.session_state[TABLE] = st.session_state[TABLE].step()


def skip_to_my_turn() -> None:
    st.session_state[TABLE] = st.session_state[TABLE].skip_to_human()


# --- pieces of the page ------------------------------------------------------------


def setup_form(open_: bool) -> None:
    ss = st.session_state
    ss.setdefault("play.computers", 4)
    ss.setdefault("play.chips", 20)
    ss.setdefault("play.bank", 10)
    ss.setdefault("play.style", "mixed")
    ss.setdefault("play.first", "Highest card")
    ss.setdefault("play.stands_on", "style")
    with st.expander("New game", expanded=open_):
        a, b, c = st.columns(3)
        a.slider("Computer players", 1, len(COMPUTER_NAMES), key="play.computers")
        seats = ss["play.computers"] + 1
        ss["play.seat"] = min(ss.get("play.seat", seats), seats)
        a.number_input("Your seat (1 is first, clockwise)", 1, seats, key="play.seat")
        b.number_input("Starting chips for everyone", 1, 1000, key="play.chips")
        b.number_input("Opening bank", 1, 1000, key="play.bank",
                       help="What every new banker stakes. It can't be more than the starting chips.")
        c.selectbox("Computer players' style", list(STYLES), key="play.style",
                    format_func={"mixed": "Mixed", "cautious": "All cautious", "bold": "All bold",
                                 "best": "All best play (exact odds)"}.get)
        c.selectbox("Computer bankers stand on", ["style", 15, 16, 17, 18], key="play.stands_on",
                     format_func=lambda v: "each style's own total" if v == "style" else str(v),
                     help="Cautious players stand on 17, bold ones on 15, best-play ones on 17.")
        c.radio("First banker", ["Highest card", "Me"], key="play.first", horizontal=True,
                help="By the rules, every seat is dealt a card and the highest banks.")
        st.button("Start a new game", type="primary", on_click=start_game, key="play.start")


def show_feedback() -> None:
    note = st.session_state.pop("play.feedback", None)
    if note:
        kind, text = note
        (st.success if kind == "best" else st.warning)(text, icon=":material/school:")


def hint(table: PracticeTable) -> None:
    """The advisor on the learner's real position: own cards, everything visible, stake and room."""
    coaching = table.coaching()
    if coaching is None:
        return
    st.button("Hint: what does the advisor say?", key="play.hint", on_click=toggle_hint, icon=":material/lightbulb:")
    if st.session_state.get("play.hint_at") != len(table.state.events):
        return
    best = coaching.best
    with st.container(border=True, key="play-hint-panel"):
        st.markdown(f"**Best now: {describe(best)}** ({ui.chips(coaching.values[best])} on average, "
                    f"taking the banker to stand on {table.banker_stands_on}).")
        if coaching.advice is not None:
            st.markdown(coaching.advice.facts)
        bets = [(a, v) for a, v in coaching.values.items() if isinstance(a, Bet)]
        shown = [(a, v) for a, v in coaching.values.items() if not isinstance(a, Bet)]
        if bets:
            shown.append(max(bets, key=lambda item: item[1]))
        st.caption(" · ".join(f"{describe(a)}: {ui.chips(v)}" for a, v in sorted(shown, key=lambda item: -item[1])))


def your_turn(table: PracticeTable) -> None:
    s = table.state
    st.subheader("Your turn as banker" if s.banker == table.human else "Your turn")
    st.markdown(view.situation(table))
    view.action_buttons(table, "play", act)
    hint(table)


def first_bank(table: PracticeTable) -> str | None:
    """How the first banker was chosen, as a line for the log."""
    if not table.banker_draws:
        return None
    names = table.state.players
    rounds = "; then ".join(", ".join(f"{names[seat]} {card}" for seat, card in draws)
                            for draws in table.banker_draws)
    return f"Drawing for the first bank: {rounds}. The highest card banks."


def computer_turn(table: PracticeTable) -> None:
    s = table.state
    who = s.players[s.to_act]
    doing = {BANKER: "is playing the bank", RETIRE: "may retire with the bank", PROTECTED: "was dealt a protected 11"}
    st.subheader(f"{who} {doing.get(s.phase, 'is deciding')}…")
    if table.human_out:
        st.info("You have no chips left, so you sit out. Watch the others play on, or start a new game above.")
    left, right = st.columns(2)
    left.button("Next move", key="play.next", on_click=next_move, type="primary", width="stretch",
                icon=":material/play_arrow:")
    right.button("Skip to my turn" if not table.human_out else "Play on", key="play.skip",
                 on_click=skip_to_my_turn, width="stretch", icon=":material/fast_forward:")


def game_over(table: PracticeTable) -> None:
    s = table.state
    st.subheader("Game over")
    mine = s.purses[table.human]
    st.markdown(f"{s.events[-1]} You finish with **{mine}** chips.")
    st.button("Play again with the same settings", type="primary", on_click=start_game, key="play.again")


# --- the page ----------------------------------------------------------------------

st.title("Practice table")
table: PracticeTable | None = st.session_state.get(TABLE)
setup_form(open_=table is None)
if problem := st.session_state.get("play.problem"):
    st.error(problem)
if table is None:
    st.markdown(view.help_text("intro"))
    st.stop()

if table.state.rules != ui.current_rules():
    st.info(f"This game is played by **{table.state.rules.name}** rules. The house rules in the sidebar "
            "have changed; they apply from your next new game.")
view.top_bar(table)
view.the_table(table)
view.hand_over(table)
show_feedback()
if table.state.is_over:
    game_over(table)
elif table.humans_turn:
    your_turn(table)
else:
    computer_turn(table)
view.the_log(table, "play-log", first_bank(table))
