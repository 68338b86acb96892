"""The moves of a shared table's seat to act, as a bar that does not move under the finger (issue 23, item 3).

A room's page is drawn again whenever anyone moves, so a tap can land on a screen that has just changed: two
taps 0.4 s apart made two blots, and at 0.9 s the second tap landed on Stay, which had moved up where Blot had
been. Three things keep a tap to what the finger meant:

- **Every move names the version it was made on.** Each button's key ends in the room's version, and its
  callback gets that version as an argument: Streamlit runs a widget's callback with the arguments of the
  widget as last drawn under that key, so with one key for every version a tap on the old screen ran with
  the new screen's version and applied again. With the version in the key, a tap on an old screen keeps its
  own version, and the room refuses it (StaleView): the page says so calmly and shows the table as it is.
- **The same buttons in the same order and place.** Each phase of a turn has a fixed row of moves (a
  player's: Bet, Blot or Draw, the call at 11, Stay); a move that is not open now is drawn disabled, never
  left out, so nothing slides into the place of a move that went. On a phone the bar sits at the bottom of
  the screen, fixed, where the thumb is.
- **A tap that has just been sent, or that comes in the moment after the bar changed, is not sent.** A small
  component made with Streamlit's own `st.components.v2` (`_TAP_GUARD_JS`) catches such a click before
  Streamlit's buttons see it: a double tap sends one move even when the server answered the first tap
  before the second came. For that moment (QUIET_MS) the bar's buttons are also drawn a little paler and
  take no pointer, so the settling shows.

A bet or raise of more than half of one's purse asks first: "Bet 15 of your 20 chips?", with Yes and No below
the row of moves (above it on a phone, where the bar grows upwards), never where a move was.
"""

from collections.abc import Callable

import streamlit as st

from quitlok.actions import Action, Aluvun, Bet, Blot, Draw, Keep, KeepBank, Reject, Retire, Stand, Stay
from quitlok.game import BANKER, PROTECTED, RETIRE, STAKE, TURN, State, action_label, closed_moves, legal_actions
from quitlok.i18n import _, ngettext, pgettext
from quitlok.practice import PracticeTable
from quitlok.rules import call_word
from quitlok.ui import table as view

#: how long after the bar changed a tap is taken for one meant for the screen before (milliseconds)
QUIET_MS = 700

#: catches, in the capture phase (before Streamlit's buttons hear of it), a click on a move of the bar `data.bar`
#: when the bar has sent a move that the server has not answered yet (no new run drew the bar since), or when the
#: bar's version changed less than `data.quiet` ms ago: a double tap, or a tap on a screen that just changed
_TAP_GUARD_JS = """
export default function ({ data }) {
  const all = (window.quitlokTaps ??= {});
  const bar = (all[data.bar] ??= { version: null, run: null, changedAt: 0, sent: false });
  if (bar.version !== data.version) {
    bar.version = data.version;
    bar.changedAt = performance.now();
    const element = document.querySelector(`.st-key-${data.bar}`);
    if (element) {  // seen settling: its buttons take no tap for a moment (a finger, or a test's click, waits)
      element.dataset.qlSettling = "1";
      clearTimeout(bar.settled);
      bar.settled = setTimeout(() => delete element.dataset.qlSettling, data.quiet);
    }
  }
  if (bar.run !== data.run) { bar.run = data.run; bar.sent = false; }
  if (bar.listening) return;
  bar.listening = true;
  window.addEventListener("click", (event) => {
    const button = event.target.closest?.(`.st-key-${data.bar} button[data-testid^="stBaseButton"]`);
    if (!button) return;
    if (bar.sent || performance.now() - bar.changedAt < data.quiet) {
      event.stopPropagation();
      event.preventDefault();
      return;
    }
    bar.sent = true;
  }, true);
}
"""
_tap_guard = st.components.v2.component("quitlok.tap_guard", js=_TAP_GUARD_JS, css=":host { display: none; }")

#: the moves of each phase, in the order the bar shows them (the bet's place first, with its chips)
_SLOTS = {
    PROTECTED: (Reject(), Keep()),
    BANKER: (Draw(), Stand()),
    RETIRE: (Retire(), KeepBank()),
}


def slots(s: State) -> tuple[Action | type[Bet], ...]:
    """The bar's places for the seat to act, in order, whatever is open now: `Bet` (the class) stands for the
    bet's place, with its chips. A player's turn under rules with blots: Bet, Blot, the call at 11, Stay;
    under bet-first rules: Bet (or Raise), Draw, the call, Stay."""
    if s.phase in _SLOTS:
        return _SLOTS[s.phase]
    if s.phase != TURN:
        return ()
    rules = s.rules
    middle = (Blot(),) if rules.blots else (Draw(),)
    return (Bet, *middle, *((Aluvun(),) if rules.aluvun else ()), Stay())


def too_much(s: State, bet: Bet) -> bool:
    """A stake of more than half of the purse, which the bar asks about first."""
    return 2 * bet.n > s.purses[s.to_act]


def move_bar(table: PracticeTable, prefix: str, version: int, on_act: Callable[[Action, int], None]) -> None:
    """The seat's moves as a bar (see the module docstring). `on_act(action, version)` gets the version the
    tapped button was drawn for. A new banker's stake keeps its own form (one number and one button)."""
    s = table.state
    if s.phase == STAKE:  # one number and one button, legal only in this phase: a second tap is refused
        view.hand_for_phones(table)
        view.stake_form(table, prefix, lambda action: on_act(action, version))
        return
    key = f"{prefix}-actions"
    with st.container(key=key):
        background = "#0E1A2F" if st.context.theme.type == "dark" else "#FFFFFF"  # .streamlit/config.toml's
        st.html(view.wrap_buttons_css(key) + _BAR_CSS.replace("BAR", key).replace("PREFIX", prefix)
                .replace("BACKGROUND", background))
        _tap_guard(data={"bar": key, "version": version, "run": _run_count(prefix), "quiet": QUIET_MS},
                   key=f"{prefix}-tap-guard")
        view.hand_for_phones(table)  # on a phone the learner's cards ride in the bar, on screen with the moves
        legal = legal_actions(s)
        with st.container(key=f"{key}-moves"):
            _moves(table, prefix, version, legal, on_act)
        _confirmation(table, prefix, version, on_act)
    shown = [a for a in legal if not isinstance(a, Bet)]
    bets = [a for a in legal if isinstance(a, Bet)]
    chips = Bet(st.session_state[f"{prefix}.bet"]) if bets else None  # the caption names the bet as its button does
    words = ([f"**{_bet_label(s, chips.n)}**: {view.action_help(chips, table)}"] if bets else []) + [
        f"**{action_label(s, a)}**: {view.action_help(a, table)}" for a in shown] + _closed_words(s)
    st.caption("  \n".join(words))


def _closed_words(s: State) -> list[str]:
    """Why a move drawn disabled is not open, where one reason always holds (quitlok.game.closed_moves: the call's
    moment, Stay waiting for the called card, a bet at its limit), in the order of the bar. Other disabled moves
    say nothing rather than a reason that may be wrong."""
    closed = closed_moves(s)
    word = call_word(s.rules.aluvun_word)  # the call in the reader's words
    said = []
    for place in slots(s):
        kind = place if place is Bet else type(place)
        if kind in closed:
            name = _bet_word(s) if place is Bet else action_label(s, place)
            said.append(f"**{name}**: {view.help_text(closed[kind]).format(word=word)}")
    return said


def _run_count(prefix: str) -> int:
    """A number new with every run that draws the bar: the guard's sign that the server answered."""
    count = st.session_state.get(f"{prefix}.bar_runs", 0) + 1
    st.session_state[f"{prefix}.bar_runs"] = count
    return count


def _raising(s: State) -> bool:
    return s.rules.bet_first and s.aluvun_called


def _bet_word(s: State) -> str:
    """The bet's button when no bet is open: 'Bet' (or 'Raise')."""
    # Translators: a button: put chips on one's hand (Raise: add chips, after the call at 11)
    return pgettext("move", "Raise") if _raising(s) else pgettext("move", "Bet")


def _bet_label(s: State, n: int) -> str:
    """The bet's button with its chips: 'Bet 2', 'Raise 3'."""
    return (_("Raise {n}") if _raising(s) else _("Bet {n}")).format(n=n)


def _moves(table: PracticeTable, prefix: str, version: int, legal: list[Action],
           on_act: Callable[[Action, int], None]) -> None:
    s = table.state
    bets = [a for a in legal if isinstance(a, Bet)]
    places = slots(s)
    amount = f"{prefix}.bet"
    if Bet in places:
        room = bets[-1].n if bets else 1
        st.session_state[amount] = min(max(1, st.session_state.get(amount, 1)), room)
        with st.container(horizontal=True, wrap=False, vertical_alignment="bottom", key=f"{prefix}-bet-row"):
            st.number_input(_("Chips (1 to {room})").format(room=room) if bets else _("Chips"), 1, max(room, 1),
                            key=amount, disabled=not bets, width=150)
            chips = st.session_state[amount]
            st.button(_bet_label(s, chips) if bets else _bet_word(s), type="primary",
                      key=f"{prefix}.do.bet.{version}", disabled=not bets, width="stretch",
                      on_click=_bet, args=(table, prefix, version, on_act),
                      help=view.action_help(Bet(chips), table) if bets else None)
    with st.container(horizontal=True, wrap=False, key=f"{prefix}-move-row"):
        for action in places:
            if action is Bet:
                continue
            name = type(action).__name__.lower()
            st.button(action_label(s, action), key=f"{prefix}.do.{name}.{version}", disabled=action not in legal,
                      on_click=_chosen, args=(prefix, action, version, on_act), width="stretch",
                      help=view.action_help(action, table) if action in legal else None)


def _chosen(prefix: str, action: Action, version: int, on_act: Callable[[Action, int], None]) -> None:
    st.session_state.pop(f"{prefix}.confirm", None)
    on_act(action, version)


def _bet(table: PracticeTable, prefix: str, version: int, on_act: Callable[[Action, int], None]) -> None:
    """The bet's button: a stake of more than half of the purse waits for Yes; any other is made at once."""
    bet = Bet(st.session_state[f"{prefix}.bet"])
    if too_much(table.state, bet):
        st.session_state[f"{prefix}.confirm"] = (version, bet)
        return
    _chosen(prefix, bet, version, on_act)


def _confirmation(table: PracticeTable, prefix: str, version: int, on_act: Callable[[Action, int], None]) -> None:
    """Yes or No to a big stake, while the table is as it was when the bet was asked for."""
    asked = st.session_state.get(f"{prefix}.confirm")
    if not asked or asked[0] != version:
        st.session_state.pop(f"{prefix}.confirm", None)
        return
    bet: Bet = asked[1]
    s = table.state
    purse = s.purses[s.to_act]
    with st.container(border=True, key=f"{prefix}-confirm"):
        if _raising(s):
            asking = ngettext("**Raise {n} chip of your {purse}?** That is more than half of your purse.",
                              "**Raise {n} chips of your {purse}?** That is more than half of your purse.", bet.n)
            sure = _("Yes, raise {n}")
        else:
            asking = ngettext("**Bet {n} chip of your {purse}?** That is more than half of your purse.",
                              "**Bet {n} chips of your {purse}?** That is more than half of your purse.", bet.n)
            sure = _("Yes, bet {n}")
        st.markdown(asking.format(n=bet.n, purse=purse))
        with st.container(horizontal=True, wrap=False):
            st.button(sure.format(n=bet.n), type="primary", key=f"{prefix}.sure.{version}",
                      on_click=_chosen, args=(prefix, bet, version, on_act), width="stretch")
            st.button(_("No, not now"), key=f"{prefix}.unsure.{version}", width="stretch",
                      on_click=lambda: st.session_state.pop(f"{prefix}.confirm", None))


#: on a phone the bar is fixed at the bottom of the screen (the page keeps room for it), the learner's cards at its
#: top, its moves in rows that do not wrap into one long column (a label wraps between words, never inside one),
#: the stake's label read aloud but not shown (the bet's button names the chips), the question about a big stake
#: above them all; wider screens draw it in its place
_BAR_CSS = """<style>
.st-key-BAR[data-ql-settling] button[data-testid^="stBaseButton"] { pointer-events: none; opacity: .75; }
@media (max-width: 640px) {
  .st-key-BAR { position: fixed; left: 0; right: 0; bottom: 0; z-index: 990; padding: 6px 10px 10px 10px;
    background: BACKGROUND; box-shadow: 0 -2px 10px rgba(0, 0, 0, .18); gap: 8px;
    max-height: 60vh; overflow-y: auto; }
  .st-key-BAR [data-testid="stVerticalBlock"], .st-key-BAR [data-testid="stHorizontalBlock"] { gap: 8px; }
  .st-key-BAR > :has(.st-key-PREFIX-confirm), .st-key-BAR > .st-key-PREFIX-confirm { order: -1; }
  [data-testid="stMain"]:has(.st-key-BAR) .block-container { padding-bottom: 260px; }
  .st-key-BAR button { min-height: 48px; padding-left: 6px; padding-right: 6px; }
  .st-key-BAR button, .st-key-BAR button p { word-break: normal; overflow-wrap: normal; hyphens: none; }
  .st-key-BAR [data-testid="stElementContainer"], .st-key-BAR .stButton, .st-key-BAR button {
    min-width: min-content; }
  .st-key-PREFIX-bet-row [data-testid="stWidgetLabel"] { position: absolute; width: 1px; height: 1px;
    overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
}
</style>"""
