"""The advisor at the table, on screen: the Hint panel and the note on a decision just made.

Shared by the practice table and the rooms of Play together, so that a family at one table hears the
same advice, in the same words, as a learner alone. Each page passes its own key prefix, so the two
pages never share session state.
"""

from fractions import Fraction

import streamlit as st

from quitlok import at_best
from quitlok.actions import Action, Bet, Draw, Stand
from quitlok.bank_odds import DRAW, MODEL_WORDS, STAND, BankerAdvice
from quitlok.coach import TOLERANCE, Coaching
from quitlok.game import BANKER, STAKE, State, action_label, seat_name
from quitlok.i18n import _, decimal
from quitlok.odds import chance_words
from quitlok.practice import PracticeTable
from quitlok.progress import decision
from quitlok.ui import names
from quitlok.ui import progress as learner
from quitlok.ui.advisor import banker_verdict, open_hand_lines
from quitlok.ui.style import chips
from quitlok.ui.table import help_text


def feedback(state: State, coaching: Coaching | BankerAdvice | None, action: Action) -> tuple[str, str] | None:
    """("best" or "cost", a short note) on the decision `action` in `state`, from the advisor's exact values,
    naming each action as its button did. None when the advisor had nothing to price (staking or retiring).
    A player's decision is also kept with the learner's progress; a costly one comes back on the Review page.
    A banker's draw or stand is priced for the bank (`BankerAdvice`) and not kept: Review asks players' questions."""
    if isinstance(coaching, BankerAdvice):
        return _banker_feedback(state, coaching, action)
    if coaching is None or action not in coaching.values:
        return None
    kept = decision(state, coaching, action, learner.now())
    learner.update(lambda p: p.with_decision(kept, learner.now()))
    cost = coaching.cost(action)
    if cost < TOLERANCE:
        return "best", _("{move}: the best play here.").format(move=action_label(state, action))
    best = coaching.best
    return "cost", _("{move} was about {cost} chips worse on average than the best play, {best} ({worth}).").format(
        move=action_label(state, action), cost=decimal(cost, 2), best=action_label(state, best),
        worth=chips(coaching.values[best]))


def _banker_feedback(state: State, advice: BankerAdvice, action: Action) -> tuple[str, str] | None:
    if (solved := at_best.banker_feedback(state, action)) is not None:  # where the solved game applies
        return solved
    choice = {Draw(): DRAW, Stand(): STAND}.get(action)
    if choice not in advice.values:
        return None
    best = advice.values[advice.best]
    cost = float(best - advice.values[choice])
    if cost < TOLERANCE:
        return "best", _("{move}: the best play for the bank here.").format(move=action_label(state, action))
    named = Draw() if advice.best == DRAW else Stand()
    return "cost", _("{move} was about {cost} chips worse for the bank on average than {best} ({worth}).").format(
        move=action_label(state, action), cost=decimal(cost, 2), best=action_label(state, named), worth=chips(best))


def show_feedback(key: str) -> None:
    """The note `feedback` left in session state under `key`, shown once."""
    note = st.session_state.pop(key, None)
    if note:
        kind, text = note
        (st.success if kind == "best" else st.warning)(text, icon=":material/school:")


def hint(table: PracticeTable, prefix: str) -> None:
    """The Hint button, and the advisor on the player's real position when pressed: own cards, everything
    visible, stake and room; as banker, draw or stand against the open stakes. The panel stays open until the
    next decision. Retiring is not priced, and the panel says so."""
    s = table.state
    if s.phase == STAKE:
        return
    shown_at = f"{prefix}.hint_at"

    def toggle() -> None:
        position = s.moves
        st.session_state[shown_at] = None if st.session_state.get(shown_at) == position else position

    shown = st.session_state.get(shown_at) == s.moves
    st.button(_("Hide the hint") if shown else _("Hint: what does the advisor say?"), key=f"{prefix}.hint",
              on_click=toggle, icon=":material/lightbulb:")
    if not shown:
        return
    coaching = table.coaching()
    with st.container(border=True, key=f"{prefix}-hint-panel"):
        if coaching is None:
            if (banking := table.banker_coaching()) is not None:
                banker_hint(s, banking)
                return
            # the banker's own draw is priced unless it is too large to weigh exactly (coach.banker_coach)
            st.markdown(help_text("hint_banker_too_large" if s.phase == BANKER else "hint_retire"))
            return
        best = coaching.best
        banker = names.markdown(seat_name(s.players[s.banker]))
        st.markdown(_("**Best now: {move}** ({worth} on average, assuming {banker}, the banker, draws until reaching "
                      "{total} or more).").format(move=action_label(s, best), worth=chips(coaching.values[best]),
                                                  banker=banker, total=table.banker_stands_on))
        if same := [a for a in coaching.values if a != best and coaching.cost(a) < TOLERANCE]:
            st.markdown(_("Worth the same here: {moves}. Either is as good.").format(
                moves=", ".join(action_label(s, a) for a in same)))
        advice = coaching.advice
        if advice is not None and s.aluvun_called:  # the advisor's facts would still offer the call
            chance = Fraction(advice.bust_with_aluvun).limit_denominator(100_000)
            st.markdown(_("You called {call}: if the next card is an 11 you may send it back, so the chance that it "
                          "busts you is {chance}.").format(call=s.rules.aluvun_word, chance=chance_words(chance)))
        elif advice is not None:
            st.markdown(advice.facts)
        bets = [(a, v) for a, v in coaching.values.items() if isinstance(a, Bet)]
        shown = [(a, v) for a, v in coaching.values.items() if not isinstance(a, Bet)]
        if bets:
            shown.append(max(bets, key=lambda item: item[1]))
        st.caption(" · ".join(f"{action_label(s, a)}: {chips(v)}"
                              for a, v in sorted(shown, key=lambda item: -item[1])))


def banker_hint(s: State, advice: BankerAdvice) -> None:
    """The banker's draw or stand, exactly, with what each open hand may hold (as the Advisor says it)."""
    best = Draw() if advice.best == DRAW else Stand()
    lead = (_("**You must now: {move}**. {verdict}") if len(advice.values) == 1
            else _("**Best now: {move}**. {verdict}"))
    solved = at_best.banker_at_best(s) if len(advice.values) > 1 else None
    if solved is not None:  # the solved game applies: the banker at his best first, then the fixed model's best
        st.markdown(f"**{at_best.banker_words(solved)}**")
        # Translators: {lead} names the fixed banker model the advice is worked out against
        lead = _("**{lead}: {move}**. {verdict}").replace("{lead}", at_best.fixed_model_lead())
    st.markdown(lead.format(move=action_label(s, best), verdict=banker_verdict(advice)))
    st.markdown(advice.facts)
    seats = [seat for seat, stake in enumerate(s.stakes) if stake and seat != s.banker]
    st.markdown(open_hand_lines(advice, [names.markdown(seat_name(s.players[seat])) for seat in seats],
                                [s.stakes[seat] for seat in seats]))
    actions = {DRAW: Draw(), STAND: Stand()}
    if len(advice.values) > 1:
        st.caption(" · ".join(f"{action_label(s, actions[c])}: {chips(v)}"
                              for c, v in sorted(advice.values.items(), key=lambda item: -item[1])))
    outside = at_best.outside_words(s.rules) if solved is None else None
    st.caption(_(MODEL_WORDS) + " " + _("Players at a real table may play otherwise: this is a guide, not a "
                                        "certainty.") + (f" {outside}" if outside else ""))
