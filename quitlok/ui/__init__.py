"""The app's shared helpers: the only part of quitlok that imports Streamlit.

Every page imports this module first, so the heavy libraries are imported
once, here. It holds the page styling (and projector mode), the house-rules
picker in the sidebar, the loading of words from `content/`, and the drawing
of cards.
"""

import re
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from pathlib import Path

import pandas as pd
import streamlit as st
from streamlit.runtime.pages_manager import PagesManager

from quitlok.odds import ACTION_WORDS, strategy_table
from quitlok.rules import PRESETS, QUITLOK, RuleSet
from quitlok.ui import charts  # noqa: F401  (Plotly is imported here, once, before any page needs it)
from quitlok.ui.cards import hand_html

CONTENT = Path(__file__).resolve().parents[2] / "content"


_IN_APP: ContextVar[bool] = ContextVar("quitlok_in_app", default=False)


@contextmanager
def app_run():
    """Mark this script run as one that went through tutorial_app.py (see through_the_app)."""
    token = _IN_APP.set(True)
    try:
        yield
    finally:
        _IN_APP.reset(token)


def through_the_app() -> None:
    """Make sure the page runs inside tutorial_app.py; every page calls this first.

    Until st.navigation has been called in the server process (and in every
    AppTest run), Streamlit runs a page straight from pages/, its older
    multipage mode. A first visit to a link such as /play after a restart
    would then miss the sidebar and the house rules. A run that did not come
    through the app switches that mode off and reruns, so it does.
    """
    if not _IN_APP.get() and hasattr(PagesManager, "uses_pages_directory"):  # an internal flag
        PagesManager.uses_pages_directory = False
        st.rerun()


# --- words from content/ ------------------------------------------------------


@cache
def content(name: str) -> str:
    """The Markdown text of `content/<name>.md`."""
    return (CONTENT / f"{name}.md").read_text(encoding="utf-8")


@cache
def content_sections(name: str) -> dict[str, str]:
    """`content/<name>.md` split at its '## key' headings: {key: text}."""
    parts = re.split(r"^## +(.+)$", content(name), flags=re.MULTILINE)
    return {key.strip(): text.strip() for key, text in zip(parts[1::2], parts[2::2], strict=True)}


@dataclass(frozen=True)
class Check:
    """A check question: the question, and each option with its feedback; exactly one is right."""

    question: str
    options: tuple[str, ...]
    feedback: tuple[str, ...]
    answer: int


def parse_check(text: str, where: str) -> Check:
    """A question, then options '- [x] right :: feedback' and '- [ ] wrong :: feedback'."""
    lines = text.splitlines()
    question = " ".join(line for line in lines if not line.startswith("- ["))
    options, feedback, answer = [], [], []
    for line in lines:
        if line.startswith("- ["):
            option, note = line[6:].split(" :: ")
            options.append(option.strip())
            feedback.append(note.strip())
            if line.startswith("- [x]"):
                answer.append(len(options) - 1)
    if len(answer) != 1 or len(options) < 2:
        raise ValueError(f"{where}: a question needs two or more options and exactly one right one, marked - [x]")
    return Check(question, tuple(options), tuple(feedback), answer[0])


@cache
def lesson_words(slug: str) -> tuple[str, dict[str, str], Check]:
    """A lesson's title, its sections ('text', 'try', 'done', 'predict') and its check question."""
    name = f"lessons/{slug}"
    title = content(name).splitlines()[0].removeprefix("# ").strip()
    sections = content_sections(name)
    return title, sections, parse_check(sections["check"], name)


@cache
def fixed_questions() -> tuple[tuple[str, Check], ...]:
    """The quiz's fixed questions on history and terms: (topic, question)."""
    return tuple((key.split(":")[0], parse_check(text, f"quiz/questions: {key}"))
                 for key, text in content_sections("quiz/questions").items())


def history_page(name: str) -> None:
    """A History page from content/history/<name>.md: its title, its text and its sources."""
    text = content(f"history/{name}")
    sections = content_sections(f"history/{name}")
    st.title(text.splitlines()[0].removeprefix("# ").strip())
    st.markdown(sections["body"])
    if "Sources" in sections:
        st.divider()
        st.caption(sections["Sources"])


# --- look ---------------------------------------------------------------------

_CSS = """
<style>
.ql-hand { display: flex; flex-wrap: wrap; gap: 6px; align-items: flex-end; min-height: 40px; }
.ql-hand img { filter: drop-shadow(0 1px 2px rgba(20, 33, 61, .25)); }
.ql-empty { color: #6B7385; font-style: italic; align-items: center; }
.ql-under { opacity: .9; }
"""
_PROJECTOR_CSS = """
html { font-size: 21px; }
[data-testid="stMetricValue"] { font-size: 2.4rem; }
"""


def projector() -> bool:
    """True when the teacher has switched on large text and cards."""
    return bool(st.session_state.get("ui.projector", False))


def card_size(small: bool = False) -> int:
    base = 104 if projector() else 72
    return base // 2 if small else base


def setup_page() -> None:
    """Styles shared by every page; larger in projector mode."""
    st.html(_CSS + (_PROJECTOR_CSS if projector() else "") + "</style>")


def show_cards(cards: tuple[int, ...], face_up: tuple[bool, ...], *, mine: bool, small: bool = False) -> None:
    """A row of cards as one viewer sees them."""
    st.html(hand_html(cards, face_up, mine=mine, size=card_size(small)))


def chips(x: float) -> str:
    """An expected result for learners: '+0.12 chips'."""
    return f"{x:+.2f} chips"


def actions_table(values: dict, best: str):
    """Every action's expected result, best first and highlighted."""
    ordered = sorted(values, key=lambda a: (a != best, -float(values[a])))
    frame = pd.DataFrame({
        "Action": [ACTION_WORDS[a].capitalize() for a in ordered],
        "Expected result (chips)": [float(values[a]) for a in ordered],
        "vs best": [float(values[a]) - float(values[best]) for a in ordered],
    })
    return frame.style.format({"Expected result (chips)": "{:+.3f}", "vs best": "{:+.3f}"}).apply(
        lambda row: ["background-color: rgba(201, 162, 39, .25); font-weight: 600" if row.name == 0 else ""] * len(row),
        axis=1)


@st.cache_data(show_spinner="Working out every first card…")
def strategy_frame(rules: RuleSet) -> pd.DataFrame:
    """The best first decision for every first card (rows) against each banker model (columns)."""
    rows = strategy_table(rules)
    frame = pd.DataFrame(rows).pivot(index="card", columns="stands_on", values="best")
    frame = frame.map(lambda action: ACTION_WORDS[action])
    frame.index.name, frame.columns.name = "First card", "Banker stands on"
    return frame


# --- house rules ---------------------------------------------------------------

_BET_ANY_TIME = "Any time, a card with every bet"
_BET_FIRST = "Once, before the first extra card"
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
        "rules.max_bet": rules.max_bet_share is not None,
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
        max_bet_share=Fraction(1, 4) if ss["rules.max_bet"] else None,
    )
    name = preset.name if replace(rules, name=preset.name) == preset else f"{preset.name} with house rules"
    return replace(rules, name=name)


def _preset_from_link() -> None:
    """A link may choose the preset: ?rules=kvitlach. A bad value is reported, not fatal."""
    wanted = st.query_params.get("rules")
    if wanted is None or st.session_state.get("rules.link_read"):
        return
    st.session_state["rules.link_read"] = True
    match = {name.lower(): name for name in PRESETS}.get(wanted.strip().lower())
    if match is None:
        st.session_state["rules.link_problem"] = (
            f"The link asks for rules “{wanted}”, which we don't know; choose Quitlok or Kvitlach below."
        )
    else:
        st.session_state["rules.preset"] = match
        _load_preset()


def house_rules_sidebar() -> RuleSet:
    """The sidebar picker every page shares: a preset, then single house rules."""
    for key, value in _widget_values(QUITLOK).items():
        st.session_state.setdefault(key, value)
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
        with st.expander("Change single rules"):
            st.radio("Pack", [24, 48], key="rules.pack", horizontal=True,
                     format_func=lambda n: f"{n} cards", help="One Quitli pack, or two shuffled together.")
            st.radio("A 12 counts", list(_TWELVES), key="rules.twelve", horizontal=True)
            st.toggle("Two framed first cards make 21", key="rules.framed")
            st.radio("Players bet", [_BET_ANY_TIME, _BET_FIRST], key="rules.betting")
            bet_first = st.session_state["rules.betting"] == _BET_FIRST
            st.toggle("Blots (free face-up cards)", key="rules.blots", disabled=bet_first,
                      help="Only with betting at any time.")
            st.toggle("Aluvun at 11 protects the next card", key="rules.aluvun")
            st.toggle("Elvaroon allows a raise", key="rules.elvaroon", disabled=not bet_first,
                      help="Only with betting once, first.")
            st.toggle("Banker must draw on 16 or less", key="rules.must_draw")
            st.toggle("Hands alternate clockwise and anticlockwise", key="rules.alternate")
            st.toggle("Every player adds half the bank", key="rules.fund")
            st.toggle("Maximum bet: a quarter of the bank", key="rules.max_bet")
        rules = _rules_from_widgets()
        st.caption(f"Playing: **{rules.name}**")
    st.session_state["rules.current"] = rules
    return rules


def current_rules() -> RuleSet:
    """The house rules chosen in the sidebar."""
    return st.session_state.get("rules.current", QUITLOK)
