"""Practice table: play Kvitlach against computer players, one decision at a time."""

import random

import streamlit as st

from quitlok import IllegalAction, InvalidSetup, ui
from quitlok.actions import describe
from quitlok.coach import TOLERANCE
from quitlok.game import (
    BANKER,
    PROTECTED,
    RETIRE,
    Action,
    Aluvun,
    Bet,
    Blot,
    Draw,
    Keep,
    KeepBank,
    Reject,
    Retire,
    Stand,
    Stay,
    legal_actions,
)
from quitlok.practice import COMPUTER_NAMES, STYLES, PracticeTable, start_table

ui.through_the_app()

TABLE = "play.table"
HELP = ui.content_sections("play/help")


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


def top_bar(table: PracticeTable) -> None:
    s = table.state
    bank, hand, banker, stock = st.columns(4)
    bank.metric("Bank", s.bank)
    hand.metric("Hand", s.hand_number, help="Hands dealt by this banker")
    banker.metric("Banker", s.players[s.banker])
    stock.metric("Stock", f"{len(s.stock)} cards", help="Face-down cards left to deal")
    if s.direction == 1:
        st.markdown("**↻ Clockwise** this hand: play goes round to the banker's left.")
    else:
        st.markdown("**↺ Anticlockwise** this hand: play goes round to the banker's right.")
    if s.under:
        st.caption(f"Face up under the stock: {len(s.under)} cards (the latest on the right)")
        ui.show_cards(s.under[-14:], (True,) * len(s.under[-14:]), mine=False, small=True)


def seat_box(table: PracticeTable, seat: int) -> None:
    s = table.state
    badges = []
    if seat == s.banker:
        badges.append(":orange-badge[banker]")
    if seat == s.to_act:
        badges.append(":blue-badge[to act]")
    if seat == table.human:
        badges.append(":green-badge[your seat]")
    style = "" if seat == table.human else f" · {table.players[seat].label}"
    st.markdown(f"**{s.players[seat]}**{style} " + " ".join(badges))
    stake = f" · stake **{s.stakes[seat]}**" if s.stakes[seat] else ""
    st.markdown(f"Purse **{s.purses[seat]}**{stake}")
    ui.show_cards(s.hands[seat], s.face_up[seat], mine=seat == table.human)
    if s.status[seat]:
        st.caption(s.status[seat])
    if s.last_hand[seat] and s.status[seat] in ("waiting", "playing", "banker") and len(s.hands[seat]) <= 1:
        st.caption(f"Last hand: {s.last_hand[seat]}")


def the_table(table: PracticeTable) -> None:
    seats = range(len(table.state.players))
    per_row = 3 if ui.projector() else 4
    for first in range(0, len(seats), per_row):
        row = st.columns(per_row)
        for column, seat in zip(row, seats[first:first + per_row], strict=False):
            with column.container(border=True):
                seat_box(table, seat)


def action_help(action: Action, table: PracticeTable) -> str:
    s = table.state
    if isinstance(action, Bet):
        if s.rules.bet_first:
            return HELP["raise"] if s.aluvun_called else HELP["bet_first"]
        return HELP["bet"]
    if isinstance(action, Stay):
        return HELP["stay_stake"] if s.stakes[table.human] else HELP["stay_no_stake"]
    if isinstance(action, Draw):
        return HELP["banker_draw"] if s.phase == BANKER else HELP["draw"]
    keys = {Blot: "blot", Aluvun: "aluvun", Reject: "reject", Keep: "keep", Stand: "banker_stand",
            Retire: "retire", KeepBank: "keep_bank"}
    return HELP[keys[type(action)]]


def situation(table: PracticeTable) -> str:
    """One sentence on where the learner stands."""
    s, me = table.state, table.human
    value = s.value(me)
    if s.phase == RETIRE:
        return (f"Hand {s.hand_number}, and your first card is a {s.hands[me][0]}: "
                f"you may retire with the bank of {s.bank}.")
    if s.phase == BANKER:
        return f"You are the banker, with **{value}**, against {s.open_stakes} chips of open stakes."
    if s.phase == PROTECTED:
        return f"You called aluvun and were dealt an 11: with it your cards count **{value}**."
    room = s.bet_room(me)
    text = f"Your cards count **{value}**."
    if 12 in s.hands[me]:
        others = " or ".join(str(v) for v in s.rules.twelve_values if v != 12)
        text += f" (Each 12 counts 12 or {others}, whichever helps you.)"
    if s.stakes[me]:
        text += f" You have **{s.stakes[me]}** at stake."
    if room and any(isinstance(a, Bet) for a in legal_actions(s)):
        text += f" You may bet up to **{room}**."
    return text


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
            st.markdown(coaching.advice.reason)
        bets = [(a, v) for a, v in coaching.values.items() if isinstance(a, Bet)]
        shown = [(a, v) for a, v in coaching.values.items() if not isinstance(a, Bet)]
        if bets:
            shown.append(max(bets, key=lambda item: item[1]))
        st.caption(" · ".join(f"{describe(a)}: {ui.chips(v)}" for a, v in sorted(shown, key=lambda item: -item[1])))


def your_turn(table: PracticeTable) -> None:
    s = table.state
    st.subheader("Your turn as banker" if s.banker == table.human else "Your turn")
    st.markdown(situation(table))
    legal = legal_actions(s)
    bets = [a for a in legal if isinstance(a, Bet)]
    others = [a for a in legal if not isinstance(a, Bet)]
    columns = iter(st.columns(len(others) + (2 if bets else 0), vertical_alignment="bottom"))
    if bets:
        room = bets[-1].n
        st.session_state["play.bet"] = min(max(1, st.session_state.get("play.bet", 1)), room)
        next(columns).number_input(f"Chips (1 to {room})", 1, room, key="play.bet")
        label = "Raise" if s.rules.bet_first and s.aluvun_called else "Bet"
        next(columns).button(f"{label} {st.session_state['play.bet']}", type="primary", key="play.do.bet",
                             on_click=lambda: act(Bet(st.session_state["play.bet"])),
                             help=action_help(bets[0], table), width="stretch")
    for column, action in zip(columns, others, strict=True):
        name = type(action).__name__.lower()
        column.button(describe(action), key=f"play.do.{name}", on_click=act, args=(action,),
                      help=action_help(action, table), width="stretch")
    for action in ([bets[0]] if bets else []) + others:
        st.caption(f"**{describe(action) if not isinstance(action, Bet) else 'Bet'}**: {action_help(action, table)}")
    hint(table)


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


def the_log(table: PracticeTable) -> None:
    st.subheader("What happened")
    events = list(table.state.events)
    if table.banker_draws:
        names = table.state.players
        rounds = "; then ".join(", ".join(f"{names[seat]} {card}" for seat, card in draws)
                                for draws in table.banker_draws)
        events.insert(0, f"Drawing for the first bank: {rounds}. The highest card banks.")
    with st.container(height=320, key="play-log"):
        for i, event in enumerate(reversed(events[-120:])):
            st.markdown(f"**{event}**" if i == 0 else event)


# --- the page ----------------------------------------------------------------------

st.title("Practice table")
table: PracticeTable | None = st.session_state.get(TABLE)
setup_form(open_=table is None)
if problem := st.session_state.get("play.problem"):
    st.error(problem)
if table is None:
    st.markdown(HELP["intro"])
    st.stop()

if table.state.rules != ui.current_rules():
    st.info(f"This game is played by **{table.state.rules.name}** rules. The house rules in the sidebar "
            "have changed; they apply from your next new game.")
top_bar(table)
the_table(table)
show_feedback()
if table.state.is_over:
    game_over(table)
elif table.humans_turn:
    your_turn(table)
else:
    computer_turn(table)
the_log(table)
