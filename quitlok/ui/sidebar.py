"""The house-rules picker in the sidebar that every page shares, and a preset chosen by a link (?rules=)."""

from dataclasses import replace
from fractions import Fraction

import streamlit as st

from quitlok.rules import PRESETS, QUITLOK, SHARE_WORDS, RuleSet
from quitlok.ui import internals
from quitlok.ui.words import escape_markdown

_BET_ANY_TIME = "Any time, a card with every bet"
_BET_FIRST = "Once, before the first extra card"
_LONGEST_SHOWN = 40  # characters of an unknown ?rules= value repeated in the warning
_TWELVES = {"12 or 9": (12, 9), "12, 10 or 9": (12, 10, 9)}


def _widget_values(rules: RuleSet) -> dict[str, object]:
    """The sidebar widgets' values that show `rules`."""
    return {
        "rules.pack": 48 if rules.copies == 4 else 24,
        "rules.twelve": next(k for k, v in _TWELVES.items() if v == rules.twelve_values),
        "rules.framed": rules.framed_pair_21,
        "rules.betting": _BET_FIRST if rules.bet_first else _BET_ANY_TIME,
        "rules.blots": rules.blots,
        "rules.aluvun": rules.aluvun,
        "rules.elvaroon": rules.elvaroon_raise,
        "rules.must_draw": rules.banker_must_reach is not None,
        "rules.alternate": rules.alternate_direction,
        "rules.fund": rules.bank_share > 0,
        "rules.max_bet": rules.agreed_max_bet,
    }


def _load_preset() -> None:
    st.session_state.update(_widget_values(PRESETS[st.session_state["rules.preset"]]))


def _rules_from_widgets() -> RuleSet:
    ss = st.session_state
    preset = PRESETS[ss["rules.preset"]]
    bet_first = ss["rules.betting"] == _BET_FIRST
    rules = replace(
        preset,
        copies=4 if ss["rules.pack"] == 48 else 2,
        twelve_values=_TWELVES[ss["rules.twelve"]],
        framed_pair_21=ss["rules.framed"],
        bet_first=bet_first,
        blots=ss["rules.blots"] and not bet_first,
        aluvun=ss["rules.aluvun"],
        elvaroon_raise=ss["rules.elvaroon"] and bet_first and ss["rules.aluvun"],
        banker_must_reach=17 if ss["rules.must_draw"] else None,
        alternate_direction=ss["rules.alternate"],
        bank_share=Fraction(1, 2) if ss["rules.fund"] else Fraction(0),
        agreed_max_bet=ss["rules.max_bet"],
    )
    name = preset.name if replace(rules, name=preset.name) == preset else f"{preset.name} with house rules"
    return replace(rules, name=name)


def _preset_from_link() -> None:
    """A link may choose the preset: ?rules=kvitlach. A bad value is reported, not fatal, and shown as plain
    text: whoever wrote the link must not put a link, an image or formatting into the app's own words."""
    wanted = st.query_params.get("rules")
    if wanted is None or st.session_state.get("rules.link_read"):
        return
    st.session_state["rules.link_read"] = True
    match = {name.lower(): name for name in PRESETS}.get(wanted.strip().lower())
    if match is None:
        shown = wanted if len(wanted) <= _LONGEST_SHOWN else wanted[:_LONGEST_SHOWN] + "…"
        st.session_state["rules.link_problem"] = (
            f"The link asks for rules “{escape_markdown(shown)}”, which we don't know; "
            "choose Quitlok or Kvitlach below."
        )
    else:
        st.session_state["rules.preset"] = match
        _load_preset()


def house_rules_sidebar() -> RuleSet:
    """The sidebar picker every page shares: a preset, then single house rules."""
    for key, value in _widget_values(QUITLOK).items():
        st.session_state.setdefault(key, value)
    # the single rules are drawn only while their expander is open (each widget costs every page load a little;
    # their values are kept while folded: persist_state), which stays as the visitor left it from page to page
    internals.keep_fold("rules.open")
    st.session_state.setdefault("rules.preset", QUITLOK.name)
    _preset_from_link()
    with st.sidebar:
        st.toggle("Projector mode (large text and cards)", key="ui.projector")
        st.subheader("House rules")
        if problem := st.session_state.get("rules.link_problem"):
            st.warning(problem)
        st.selectbox(
            "Start from", list(PRESETS), key="rules.preset", on_change=_load_preset,
            help="Quitlok: the rules of pagat.com, gamerules.com and the Czech rules. "
                 "Kvitlach: the kosher.com guide and the Kvitlach rules card.",
        )
        with st.expander("Change single rules", key="rules.open", on_change="rerun") as single:
            if single.open:
                _single_rules()
        rules = _rules_from_widgets()
        st.caption(f"Playing: **{rules.name}**")
    st.session_state["rules.current"] = rules
    return rules


def _single_rules() -> None:
    """The widgets of the single house rules (in the open expander)."""
    st.radio("Pack", [24, 48], key="rules.pack", persist_state="session", horizontal=True,
             format_func=lambda n: f"{n} cards", help="One Quitli pack, or two shuffled together.")
    st.radio("A 12 counts", list(_TWELVES), key="rules.twelve", persist_state="session", horizontal=True)
    st.toggle("Two framed first cards make 21", key="rules.framed", persist_state="session")
    st.radio("Players bet", [_BET_ANY_TIME, _BET_FIRST], key="rules.betting", persist_state="session")
    bet_first = st.session_state["rules.betting"] == _BET_FIRST
    st.toggle("Blots (free face-up cards)", key="rules.blots", persist_state="session", disabled=bet_first,
              help="Only with betting at any time.")
    word = PRESETS[st.session_state["rules.preset"]].aluvun_word.capitalize()
    st.toggle(f"{word} at 11 protects the next card", key="rules.aluvun", persist_state="session")
    st.toggle("Elvaroon allows a raise", key="rules.elvaroon", persist_state="session", disabled=not bet_first,
              help="Only with betting once, first.")
    st.toggle("Banker must draw on 16 or less", key="rules.must_draw", persist_state="session")
    st.toggle("Hands alternate clockwise and anticlockwise", key="rules.alternate", persist_state="session")
    st.toggle(SHARE_WORDS[0].upper() + SHARE_WORDS[1:], key="rules.fund", persist_state="session",
              help="When a new banker stakes his bank. A player who cannot pay it and still bet pays nothing "
                   "and sits that bank out.")
    st.toggle("A maximum bet, agreed in chips before the game", key="rules.max_bet", persist_state="session",
              help="The practice table sets the number when it starts a game; "
                   "by default a quarter of the banker's opening stake.")


def current_rules() -> RuleSet:
    """The house rules chosen in the sidebar."""
    return st.session_state.get("rules.current", QUITLOK)
