"""The look shared by every page: styles, projector mode (large text and cards), and drawing cards."""

import streamlit as st

from quitlok.i18n import _, signed
from quitlok.ui.cards import hand_html

_CSS = """
<style>
/* Colours that depend on the theme. Streamlit follows the system's colour scheme (config.toml sets
   [theme.light] and [theme.dark]; with toolbarMode "minimal" there is no menu to choose another), so the
   media query always agrees with the theme shown. */
:root { --ql-focus: #1F4E99; }
@media (prefers-color-scheme: dark) {
  :root { --ql-focus: #E2B43C; }
  /* a gold primary button takes navy words: white on gold is 1.9:1, navy 8:1 (5:1 on its hover shade) */
  .stApp button[kind^="primary"], .stApp button[kind^="primary"] * { color: #14213D; }
}
/* On a phone a wide Markdown table (the glossary) scrolls within itself and breaks long words, so the page
   never scrolls sideways */
@media (max-width: 640px) {
  [data-testid="stMarkdownContainer"] :is(th, td) { overflow-wrap: anywhere; }
  [data-testid="stMarkdownContainer"] table { display: block; overflow-x: auto; }
}
.ql-hand { display: flex; flex-wrap: wrap; gap: 6px; align-items: flex-end; min-height: 40px; }
.ql-hand img { filter: drop-shadow(0 1px 2px rgba(20, 33, 61, .25)); }
/* faint words in the theme's own text colour, so they read in both themes (at least 4.5:1) */
.ql-thrown .ql-hand img { opacity: .72; }
.ql-thrown-words { font-size: .85em; font-style: italic; color: color-mix(in srgb, currentColor 78%, transparent); }
.ql-empty { color: color-mix(in srgb, currentColor 78%, transparent); font-style: italic; align-items: center; }
.ql-under { opacity: .9; }
/* st.caption is the text colour at 60% opacity in Streamlit: 4.3:1 on white, and its links 3:1. At 80% of the
   text colour, with links and code in their own colours, it is 8:1 or more in both themes. */
[data-testid="stCaptionContainer"] { opacity: 1; color: color-mix(in srgb, currentColor 80%, transparent); }
/* Keyboard focus: a clear ring on whatever the keyboard reaches, in both themes (Streamlit's own is a pale
   shadow, or a faint background behind a radio, a checkbox or a toggle). A radio's, checkbox's, toggle's and
   slider's real input is hidden, so the ring goes round what is drawn for it (the label, the slider's thumb);
   a text, number or select input's ring goes round its whole box. */
.stApp :is(a, button, summary, select, [role="tab"], [tabindex]:not([tabindex="-1"], input, textarea)):focus-visible,
.stApp label:has(input:is([type="radio"], [type="checkbox"]):focus-visible),
.stApp :is([data-testid="stTextInputRootElement"], [data-testid="stTextAreaRootElement"],
  [data-testid="stNumberInputContainer"], [data-testid="stSelectbox"] [role="group"],
  [data-testid="stMultiSelect"] [role="group"]):has(:is(input, textarea):focus-visible),
.stApp [data-testid="stSlider"] [data-rac]:has(> div > input:focus-visible) {
  outline: 3px solid var(--ql-focus) !important; outline-offset: 2px;
}
.stApp summary:focus-visible { outline-offset: -3px; }  /* an expander cuts off what lies outside its title */
.stApp label:has(input:focus-visible) { border-radius: .4rem; }
.stApp [data-testid="stSlider"] [data-rac]:has(> div > input:focus-visible) { border-radius: 50%; }
/* Reference numbers standing together in a table cell (the glossary's "[1][9]"): each one a target of 24 px
   at least (WCAG 2.2, 2.5.8); in a sentence they stay as they are. */
.stApp td a[href*="sources#source-"] { display: inline-block; min-width: 24px; min-height: 24px; text-align: center; }
/* The sidebar wraps its words instead of cutting them off with "…": page names (quitlok.ui.nav), widget
   labels and the expanders' titles. Large text (projector mode) and a narrow screen would otherwise hide
   the ends of "Who wrote the sources" and the like. */
[data-testid="stSidebar"] :is([data-testid="stPageLink-NavLink"] span, [data-testid="stWidgetLabel"] *,
  [data-testid="stExpander"] summary *) {
  white-space: normal; overflow: visible; text-overflow: clip; overflow-wrap: anywhere;
}
[data-testid="stSidebar"] [data-testid="stPageLink-NavLink"] { height: auto; }
/* A heading's link to itself (Streamlit shows it on hover) stays on a touch screen, where nothing hovers: there
   it is only a stray icon beside every heading. */
@media (hover: none) { [data-testid="stHeaderActionElements"] a { display: none; } }
/* A page's sections are st.header (h2 under the page's h1, so that a screen reader's list of headings has no
   gap), drawn at the size of Streamlit's subheader: a section title, not a second page title. */
[data-testid="stMain"] [data-testid="stHeading"] h2 { font-size: 1.75rem; }
"""
_PROJECTOR_CSS = """
html { font-size: 21px; }
[data-testid="stMetricValue"], .ql-number dd { font-size: 2.4rem; }
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


def show_cards(cards: tuple[int, ...], face_up: tuple[bool, ...], *, mine: bool, small: bool = False,
               owner: str | None = None) -> None:
    """A row of cards as one viewer sees them: `mine` for the viewer's own ("your card: 6"), `owner` for a
    seat's ("Dov's card: 6"), neither for cards of nobody's hand ("6")."""
    st.html(hand_html(cards, face_up, mine=mine, size=card_size(small), owner=owner))


def chips(x: float) -> str:
    """An expected result for learners: '+0.12 chips'."""
    # Translators: {figure} is a signed number of chips, "+3.9", "-0.25"
    return _("{figure} chips").format(figure=signed(x, 2))  # never "-0.00"
