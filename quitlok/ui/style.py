"""The look shared by every page: styles, projector mode (large text and cards), and drawing cards."""

import streamlit as st

from quitlok.ui.cards import hand_html

_CSS = """
<style>
.ql-hand { display: flex; flex-wrap: wrap; gap: 6px; align-items: flex-end; min-height: 40px; }
.ql-hand img { filter: drop-shadow(0 1px 2px rgba(20, 33, 61, .25)); }
.ql-empty { color: #6B7385; font-style: italic; align-items: center; }
.ql-under { opacity: .9; }
/* The sidebar wraps its words instead of cutting them off with "…": page names, section headers, widget
   labels and the expander's title. Large text (projector mode) and a narrow screen would otherwise hide
   the ends of "Who wrote the sources" and the like. */
[data-testid="stSidebar"] :is([data-testid="stSidebarNavLink"] span, [data-testid="stNavSectionHeader"],
  [data-testid="stWidgetLabel"] *, [data-testid="stExpander"] summary *) {
  white-space: normal; overflow: visible; text-overflow: clip; overflow-wrap: anywhere;
}
[data-testid="stSidebar"] [data-testid="stSidebarNavLink"] { height: auto; min-height: 2rem; }
"""
_PROJECTOR_CSS = """
html { font-size: 21px; }
[data-testid="stMetricValue"] { font-size: 2.4rem; }
"""


def projector() -> bool:
    """True when the teacher has switched on large text and cards."""
    return bool(st.session_state.get("ui.projector", False))


def card_size(small: bool = False) -> int:
    """The width of a card in pixels: larger in projector mode, half size for small rows."""
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
    return f"{x:+.2f} chips" if round(x, 2) else "0.00 chips"  # never "-0.00"
