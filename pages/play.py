"""Practice table: play Kvitlach against computer players, one decision at a time."""

import random
from dataclasses import replace

import streamlit as st

from quitlok import IllegalAction, InvalidSetup, ui
from quitlok.bots import PLAYERS, style_name
from quitlok.events import GameOver
from quitlok.game import STAKE, Action, seat_name
from quitlok.i18n import N_, _, ngettext
from quitlok.narration import sentence
from quitlok.practice import COMPUTER_NAMES, STYLES, PracticeTable, start_table
from quitlok.rules import RuleSet, banker_model_words
from quitlok.ui import coaching as coaching_ui
from quitlok.ui import focus, guard, move_bar, restarts, rtl
from quitlok.ui import progress as learner
from quitlok.ui import table as view

ui.through_the_app()

TABLE = "play.table"
#: a number new with every change of the table: each move names the one its screen showed (quitlok/ui/move_bar.py)
VERSION = "play.version"
#: the computer players' styles as the new-game form names them (translated where shown)
STYLE_NAMES = {"mixed": N_("Mixed"), "cautious": N_("All cautious"), "bold": N_("All bold"),
               "best": N_("All best play")}
#: who banks first: the choice's values (kept in the session) and their words
FIRST_BANKER = {"Highest card": N_("Highest card"), "Me": N_("Me")}


# --- callbacks: every button returns a new, immutable table -------------------------------


def put(table: PracticeTable | None) -> None:
    """The table from now on, under a new version: a tap on a screen drawn before it is not a move on it."""
    ss = st.session_state
    ss[TABLE] = table
    ss[VERSION] = ss.get(VERSION, 0) + 1


def version() -> int:
    return st.session_state.get(VERSION, 0)


def start_game() -> None:
    ss = st.session_state
    rules = ui.current_rules()
    seat = min(ss["play.seat"], ss["play.computers"] + 1) - 1
    try:
        put(start_table(
            rules,
            computers=ss["play.computers"],
            seat=seat,
            chips=ss["play.chips"],
            bank=ss["play.bank"],
            style=ss["play.style"],
            banker=seat if ss["play.first"] == "Me" else None,
            banker_stands_on=None if ss["play.stands_on"] == "style" else ss["play.stands_on"],
            max_bet=ss["play.max_bet"] if rules.agreed_max_bet else None,
            seed=random.randrange(10**9),
        ))
        ss.pop("play.problem", None)
        ss.pop("play.feedback", None)
        ss.pop("play.lost", None)
    except InvalidSetup as problem:
        ss["play.problem"] = str(problem)


def act(action: Action, drawn: int) -> None:
    """The learner's decision, made on the screen of version `drawn`: a tap on a screen that has changed since
    (a double tap) is no move, and says so calmly."""
    table: PracticeTable = st.session_state[TABLE]
    if drawn != version():
        st.session_state["play.stale"] = True
        return
    coaching = table.coaching() or table.banker_coaching()  # what the decision is worth, priced before it
    try:
        put(table.act(action))
        st.session_state.pop("play.problem", None)
    except IllegalAction as problem:
        st.session_state["play.problem"] = str(problem)
        return
    st.session_state["play.feedback"] = coaching_ui.feedback(table.state, coaching, action)


def next_move() -> None:
    put(st.session_state[TABLE].step())


def skip_to_my_turn() -> None:
    put(st.session_state[TABLE].skip_to_human())


def max_bet_set() -> None:
    st.session_state["play.max_bet_set"] = True


# --- pieces of the page ------------------------------------------------------------


def style_words(rules: RuleSet, style: str, stands_on: int | str) -> str:
    """Each computer style of `style` by its numbers: what it takes cards below, how much it bets, and what
    it stands on as banker (the table's total when one is set)."""
    lines = []
    for kind in STYLES[style]:
        player = PLAYERS[kind](0)
        if stands_on != "style":
            player = replace(player, stands_on=stands_on)
        # Translators: a computer player's style and what it does, such as "**Cautious**: takes cards below 15."
        lines.append(_("**{style}**: {description}.").format(style=style_name(player.label).capitalize(),
                                                            description=player.describe(rules)))
    return "  \n".join(lines)


def setup_form(open_: bool) -> None:
    ss = st.session_state
    rules = ui.current_rules()
    ss.setdefault("play.computers", 4)
    ss.setdefault("play.chips", 20)
    ss.setdefault("play.bank", 10)
    ss.setdefault("play.style", "mixed")
    ss.setdefault("play.first", "Highest card")
    ss.setdefault("play.stands_on", "style")
    if rules.agreed_max_bet and not ss.get("play.max_bet_set"):  # it follows the opening bank until set
        ss["play.max_bet"] = rules.default_max_bet(ss["play.bank"])
    models = ["style", *rules.banker_models]
    if ss["play.stands_on"] not in models:
        ss["play.stands_on"] = "style"
    with st.expander(_("New game"), expanded=open_):
        a, b, c = st.columns(3)
        a.slider(_("Computer players"), 1, len(COMPUTER_NAMES), key="play.computers")
        seats = ss["play.computers"] + 1
        ss["play.seat"] = min(ss.get("play.seat", seats), seats)
        a.number_input(_("Your seat (1 is first, clockwise)"), 1, seats, key="play.seat")
        a.radio(_("First banker"), list(FIRST_BANKER), key="play.first", horizontal=True,
                format_func=lambda choice: _(FIRST_BANKER[choice]),
                help=_("By the rules, every seat is dealt a card and the highest banks."))
        b.number_input(_("Starting chips for everyone"), 1, 1000, key="play.chips")
        b.number_input(_("Opening bank"), 1, 1000, key="play.bank",
                       help=_("The least every new banker stakes; you may stake more when the bank comes to you. "
                              "It can't be more than the starting chips."))
        if rules.agreed_max_bet:
            b.number_input(_("Maximum bet (chips)"), 1, 1000, key="play.max_bet", on_change=max_bet_set,
                           help=_("{rules} players agree a maximum bet before the game; by default a quarter "
                                  "of the opening bank, at least 1.").format(rules=rules.name))
        c.selectbox(_("How the computer players play"), list(STYLES), key="play.style",
                    format_func=lambda style: _(STYLE_NAMES[style]))
        must = rules.banker_must_reach
        c.selectbox(_("Computer bankers stand on"), models, key="play.stands_on",
                    format_func=lambda v: _("each style's own total") if v == "style" else
                    _("{total} or more").format(total=v),
                    help=(_("{rules} rules make every banker draw until he has {total} or more.").format(
                        rules=rules.name, total=must) if must else
                          _("Standing on 17, for example: {model}.").format(model=banker_model_words(17))))
        c.caption(style_words(rules, ss["play.style"], ss["play.stands_on"]))
        st.button(_("Start a new game"), type="primary", on_click=start_game, key="play.start")


def your_turn(table: PracticeTable) -> None:
    s = table.state
    if s.phase == STAKE:
        st.header(_("The bank comes to you"))
    else:
        st.header(_("Your turn as banker") if s.banker == table.human else _("Your turn"))
    st.markdown(view.situation(table))
    move_bar.move_bar(table, "play", version(), act)  # the moves in fixed places, each naming its screen
    coaching_ui.hint(table, "play")


def computer_turn(table: PracticeTable) -> None:
    s = table.state
    who = seat_name(s.players[s.to_act])
    # Translators: a computer player's name and what he is doing, such as "Bella is deciding…"
    st.header(_("{name} {doing}…").format(name=who, doing=view.doing_words(s)))
    if table.human_out:
        st.info(_("You have no chips left, so you sit out. Watch the others play on, or start a new game above."))
    with st.container(key="play-moves", horizontal=True, gap="medium"):  # a row without columns: fewer elements
        st.button(_("Next move"), key="play.next", on_click=next_move, type="primary", width="stretch",
                  icon=rtl.icon(":material/skip_next:"))  # a step onward, as "Next question": points left in Hebrew
        st.button(_("Skip to my turn") if not table.human_out else _("Play on"), key="play.skip",
                  on_click=skip_to_my_turn, width="stretch", icon=rtl.icon(":material/fast_forward:"),
                  help=_("Computer moves until it is your turn; it stops at the end of every hand."))


def game_over(table: PracticeTable) -> None:
    s = table.state
    st.header(_("Game over"))
    mine = s.purses[table.human]
    why = next((sentence(e, s.players) for e in reversed(s.events) if isinstance(e, GameOver)), "")
    finish = ngettext("You finish with **{chips}** chips.", "You finish with **{chips}** chips.", mine)
    st.markdown(" ".join(filter(None, [why, finish.format(chips=mine)])))
    st.button(_("Play again with the same settings"), type="primary", on_click=start_game, key="play.again")


# --- the page ----------------------------------------------------------------------

@guard.fragment
def play_area() -> None:
    """The game: a move, a hint or a new game from the table reruns only this part of the page (not the
    sidebar or the new-game form), with as few elements as it can (each costs the browser a little a run). A
    decision the learner makes is kept with the progress, so this part saves the progress itself when one
    changed it: its reruns do not reach the app's own keeper."""
    table: PracticeTable | None = st.session_state.get(TABLE)
    if problem := st.session_state.get("play.problem"):
        st.error(problem)
    if st.session_state.pop("play.stale", False):  # said once, beside the table as it is now
        st.info(view.help_text("stale"), icon=":material/touch_app:")
    if table is None:
        st.markdown(view.help_text("intro"))
        return
    if table.state.rules != ui.current_rules():
        st.info(_("This game is played by **{rules}** rules. The house rules in the sidebar have changed; they "
                  "apply from your next new game.").format(rules=table.state.rules.name))
    view.whole_table(table)
    coaching_ui.show_feedback("play.feedback")
    if table.state.is_over:
        game_over(table)
    elif table.humans_turn:
        view.hand_over_for_phones(table)
        your_turn(table)
    else:
        view.hand_over_for_phones(table)
        computer_turn(table)
    view.the_log(table, "play-log", view.first_bank(table))
    with ui.internals.sidebar_slot():  # written every run, so that a run of this fragment may draw into it
        if learner.current() is not st.session_state.get("play.kept"):  # a decision of the learner's changed it
            learner.keep_here("play")
            st.session_state["play.kept"] = learner.current()


st.title(_("Practice table"))
with st.sidebar:  # this tab remembers that a game is in progress, so that a restart or a reload can say it was lost
    if lost := restarts.held("play", "" if st.session_state.get(TABLE) is None else "game"):
        st.session_state["play.lost"] = lost.words
if st.session_state.get(TABLE) is None and (lost := st.session_state.get("play.lost")):
    st.warning(lost, icon=":material/sync_problem:")  # a restart or a reload took the game: say so, first
setup_form(open_=st.session_state.get(TABLE) is None)
focus.keep_focus(focus.buttons("play-actions", "play-moves", "play.again"), key="play.focus")
play_area()
