"""The house-rules picker in the sidebar that every page shares, and a preset chosen by a link (?rules=).

The rules chosen are kept by this browser (a cookie, `RULES_COOKIE`), so a reload, a phone that slept or the
next evening finds the same table: a Kvitlach family is never silently sent back to Quitlok. The cookie is read
when the page opens (`st.context.cookies`, no round trip), before anything is drawn; a `?rules=` link still
wins over it.
"""

from dataclasses import replace
from fractions import Fraction

import streamlit as st

from quitlok.i18n import N_, _
from quitlok.rules import PRESETS, QUITLOK, SHARE_WORDS, RuleSet, game_name
from quitlok.ui import browser, guard, internals
from quitlok.ui.words import escape_markdown

#: the choices of the betting rule and of a 12's values: the widgets' values (kept in the session and compared), in
#: English; the widgets show them translated (format_func)
_BET_ANY_TIME = N_("Any time, a card with every bet")
_BET_FIRST = N_("Once, before the first extra card")
_LONGEST_SHOWN = 40  # characters of an unknown ?rules= value repeated in the warning
_TWELVES = {N_("12 or 9"): (12, 9), N_("12, 10 or 9"): (12, 10, 9)}
#: how a preset changed by single house rules is named (RuleSet.name keeps the English; rules_name shows it)
_WITH_HOUSE_RULES = " with house rules"
#: the cookie in which this browser keeps the house rules, and for how long (a year: next Hanukkah)
RULES_COOKIE = "ql-rules"
_KEEP_SECONDS = 365 * 24 * 3600


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


#: the choices each of the sidebar's widgets offers (a forged message may send anything else: guard.keep_choice)
_CHOICES = {"rules.preset": list(PRESETS), "rules.pack": [24, 48], "rules.twelve": list(_TWELVES),
            "rules.betting": [_BET_ANY_TIME, _BET_FIRST], "ui.projector": [True, False]}


def _refuse_forged() -> None:
    """Before anything reads the sidebar's widgets: a value none of them offers is set back (with a note)."""
    for key, options in _CHOICES.items():
        guard.keep_choice(key, options)
    for key in _widget_values(QUITLOK):
        guard.keep_choice(key, _CHOICES.get(key, [True, False]))


def _load_preset() -> None:
    if st.session_state.get("rules.preset") not in PRESETS:  # a forged value: house_rules_sidebar sets it back
        return
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
    name = preset.name if replace(rules, name=preset.name) == preset else preset.name + _WITH_HOUSE_RULES
    return replace(rules, name=name)


def rules_name(rules: RuleSet) -> str:
    """The rules' name as the reader reads it: 'Kvitlach', 'Quitlok with house rules' (a tradition's name is
    its own in every language)."""
    if rules.name.endswith(_WITH_HOUSE_RULES):
        return _("{preset} with house rules").format(preset=game_name(rules.name.removesuffix(_WITH_HOUSE_RULES)))
    return game_name(rules.name)


def rules_code(values: dict[str, object]) -> str:
    """The sidebar's choice as a short code of letters, digits and '-': the preset's name, then, when single
    rules differ from it, one character per widget (`_widget_values`' order): 'kvitlach', 'quitlok-21111110100'."""
    preset = str(values["rules.preset"])
    chars = [_code_char(key, value) for key, value in values.items() if key != "rules.preset"]
    default = [_code_char(key, value) for key, value in _widget_values(PRESETS[preset]).items()]
    return preset.lower() + ("" if chars == default else "-" + "".join(chars))


def _code_char(key: str, value: object) -> str:
    if key == "rules.pack":
        return "4" if value == 48 else "2"
    if key == "rules.twelve":
        return str(list(_TWELVES).index(str(value)))
    if key == "rules.betting":
        return "1" if value == _BET_FIRST else "0"
    return "1" if value else "0"


def values_from_code(code: str | None) -> dict[str, object] | None:
    """The sidebar's values a `rules_code` stands for, or None for anything else (an old or foreign cookie)."""
    if not code:
        return None
    name, dash, chars = code.partition("-")
    preset = {p.lower(): p for p in PRESETS}.get(name)
    if preset is None:
        return None
    values = {"rules.preset": preset, **_widget_values(PRESETS[preset])}
    if not dash:
        return values
    keys = list(_widget_values(QUITLOK))
    allowed = {"rules.pack": "24", "rules.twelve": "".join(str(i) for i in range(len(_TWELVES)))}
    if len(chars) != len(keys) or any(c not in allowed.get(k, "01") for k, c in zip(keys, chars, strict=True)):
        return None
    values.update((key, _code_value(key, c)) for key, c in zip(keys, chars, strict=True))
    return values


def _code_value(key: str, char: str) -> object:
    if key == "rules.pack":
        return 48 if char == "4" else 24
    if key == "rules.twelve":
        return list(_TWELVES)[int(char)]
    if key == "rules.betting":
        return _BET_FIRST if char == "1" else _BET_ANY_TIME
    return char == "1"


def _current_values() -> dict[str, object]:
    ss = st.session_state
    return {"rules.preset": ss["rules.preset"], **{key: ss[key] for key in _widget_values(QUITLOK)}}


def _rules_kept_by_browser() -> None:
    """Once a session: the rules this browser kept (a reload, a new tab, another evening) become the sidebar's."""
    if st.session_state.get("rules.kept_read"):
        return
    st.session_state["rules.kept_read"] = True
    if (values := values_from_code(browser.cookie(RULES_COOKIE))) is not None:
        st.session_state.update(values)
        st.session_state["rules.kept_preset"] = values["rules.preset"]


def _keep_rules_in_browser() -> None:
    """Have this browser keep the rules in force, once they differ from what it sent when the page opened (from
    then on every run, so a change back is kept too). A page whose rules nobody changed mounts nothing."""
    code = rules_code(_current_values())
    if st.session_state.get("rules.kept_written") or code != (browser.cookie(RULES_COOKIE) or "quitlok"):
        st.session_state["rules.kept_written"] = True
        browser.keep_cookie(RULES_COOKIE, code, _KEEP_SECONDS)


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
        st.session_state["rules.link_problem"] = shown  # the value asked for: the words are drawn in the reader's
    elif match != st.session_state.get("rules.kept_preset"):  # a reload of the link keeps the rules changed since
        st.session_state["rules.preset"] = match
        _load_preset()


def house_rules_sidebar() -> RuleSet:
    """The sidebar picker every page shares: a preset, then single house rules."""
    _refuse_forged()
    for key, value in _widget_values(QUITLOK).items():
        st.session_state.setdefault(key, value)
    # the single rules are drawn only while their expander is open (each widget costs every page load a little;
    # their values are kept while folded: persist_state), which stays as the visitor left it from page to page
    internals.keep_fold("rules.open")
    st.session_state.setdefault("rules.preset", QUITLOK.name)
    _rules_kept_by_browser()
    _preset_from_link()  # a link names the rules it was made for: it wins over another tradition kept
    with st.sidebar:
        st.toggle(_("Projector mode (large text and cards)"), key="ui.projector")
        st.subheader(_("House rules"))
        if problem := st.session_state.get("rules.link_problem"):
            st.warning(_("The link asks for rules “{asked}”, which we don't know; choose Quitlok or Kvitlach "
                         "below.").format(asked=escape_markdown(problem)))
        st.selectbox(
            _("Start from"), list(PRESETS), key="rules.preset", on_change=_load_preset, format_func=game_name,
            help=_("Quitlok: the rules of pagat.com, gamerules.com and the Czech rules. "
                   "Kvitlach: the kosher.com guide and the Kvitlach rules card."),
        )
        with st.expander(_("Change single rules"), key="rules.open", on_change="rerun") as single:
            if single.open:
                _single_rules()
        rules = _rules_from_widgets()
        # Translators: under the house rules: the rules in force, "Playing: **Kvitlach**"
        st.caption(_("Playing: **{rules}**").format(rules=rules_name(rules)))
        _keep_rules_in_browser()
    st.session_state["rules.current"] = rules
    return rules


def _single_rules() -> None:
    """The widgets of the single house rules (in the open expander)."""
    st.radio(_("Pack"), [24, 48], key="rules.pack", persist_state="session", horizontal=True,
             format_func=lambda n: _("{n} cards").format(n=n), help=_("One Quitli pack, or two shuffled together."))
    st.radio(_("A 12 counts"), list(_TWELVES), key="rules.twelve", persist_state="session", horizontal=True,
             format_func=_)
    st.toggle(_("Two framed first cards make 21"), key="rules.framed", persist_state="session")
    st.radio(_("Players bet"), [_BET_ANY_TIME, _BET_FIRST], key="rules.betting", persist_state="session",
             format_func=_)
    bet_first = st.session_state["rules.betting"] == _BET_FIRST
    st.toggle(_("Blots (free face-up cards)"), key="rules.blots", persist_state="session", disabled=bet_first,
              help=_("Only with betting at any time."))
    word = PRESETS[st.session_state["rules.preset"]].aluvun_word.capitalize()
    st.toggle(_("{call} at 11 protects the next card").format(call=word), key="rules.aluvun", persist_state="session")
    st.toggle(_("Elvaroon allows a raise"), key="rules.elvaroon", persist_state="session", disabled=not bet_first,
              help=_("Only with betting once, first."))
    st.toggle(_("Banker must draw on 16 or less"), key="rules.must_draw", persist_state="session")
    st.toggle(_("Hands alternate clockwise and anticlockwise"), key="rules.alternate", persist_state="session")
    share = _(SHARE_WORDS)
    st.toggle(share[:1].upper() + share[1:], key="rules.fund", persist_state="session",
              help=_("When a new banker stakes his bank. A player who cannot pay it and still bet pays nothing "
                     "and sits that bank out."))
    st.toggle(_("A maximum bet, agreed in chips before the game"), key="rules.max_bet", persist_state="session",
              help=_("The practice table sets the number when it starts a game; "
                     "by default a quarter of the banker's opening stake."))


def current_rules() -> RuleSet:
    """The house rules chosen in the sidebar."""
    return st.session_state.get("rules.current", QUITLOK)
