"""Right to left (issue 26): the layout mirrored for a language written right to left (Hebrew, and the tests'
pseudo-language), in one place.

Streamlit has no right-to-left layout of its own (streamlit/streamlit#552). The page's `<html dir="rtl">` (set by
quitlok.ui.internals.page_language) turns what the browser lays out by the writing direction: text starts on the
right, flex rows (columns, a row of buttons) run from the right, and lists put their bullets on the right. This
style does the same for the parts that do not wait for that script (it is in the page with the run's first elements)
and for what Streamlit places with left and right of its own: the sidebar, which moves to the right, its collapse
and expand buttons, a folded expander's arrow, the sliders, and the inputs' text. Numbers and Latin names inside
Hebrew keep their own order: the app puts them between directional isolates (quitlok.text.isolated,
quitlok.ui.names), and a number such as '12.5%' reads the same either way.

Icons that point the way the reading goes point the other way right to left, as Material's guidance on
bidirectionality says: "Next" and "Back", a door to go in or out (login, logout), a message sent, an undone move.
The page asks `icon` for every one of them (tests/i18n/test_rtl_icons.py lists the icons the app uses and fails
if a directional one does not): an icon whose mirror image is another icon of Material's set (arrow_forward and
arrow_back, undo and redo, skip_next and skip_previous, fast_forward and fast_rewind) is swapped for it; one
without (login, logout, send: `FLIPPED`) is shown mirrored by the page's script
(quitlok.ui.internals.page_words). skip_next and fast_forward stand here for "Next question" and "Skip to my turn",
steps onward in the page, not a tape's direction; media icons (play_arrow, pause), circular arrows (refresh,
replay, sync: a clock's way round) and up and down keep their direction.

The card table's seats and its direction arrows are drawn elsewhere (a later step of issue 26).
"""

import streamlit as st

from quitlok.i18n import is_rtl

#: the icons that point a way and whose mirror image is another icon of Material's set, both ways round
_PAIRS = (("arrow_forward", "arrow_back"), ("undo", "redo"), ("skip_next", "skip_previous"),
          ("fast_forward", "fast_rewind"))
_MIRROR_IMAGE = {f":material/{a}:": f":material/{b}:" for pair in _PAIRS for a, b in (pair, pair[::-1])}
#: the icons that point a way and have no mirror image in Material's set: the page's script shows them mirrored
FLIPPED = frozenset({"login", "logout", "send"})
#: every icon that points a way (the names after ":material/")
DIRECTIONAL = frozenset(name.split("/")[1].strip(":") for name in _MIRROR_IMAGE) | FLIPPED

CSS = """
<style>
/* the page, its text and its widgets run from the right */
html, body, .stApp { direction: rtl; }
.stApp :is([data-testid="stMarkdownContainer"], [data-testid="stCaptionContainer"], [data-testid="stHeading"],
  [data-testid="stWidgetLabel"], [data-testid="stAlertContentInfo"], [data-testid="stAlertContentWarning"],
  [data-testid="stAlertContentError"], [data-testid="stAlertContentSuccess"], label, input, textarea) {
  text-align: right;
}
/* lists: bullets and numbers on the right, the indent on the right */
.stApp [data-testid="stMarkdownContainer"] :is(ul, ol) { padding-left: 0; padding-right: 1.5em; margin-left: 0; }
/* the sidebar on the right: Streamlit places it first in a row that now runs from the right. Folded away, it
   is moved out of sight to the left (translateX(-its width)), which from the right edge would leave it over the
   page (a strip of it on a phone): folded, it stays at the right edge, hidden. Its fold and unfold arrows point
   the other way. */
.stApp [data-testid="stSidebar"][data-collapsed="true"] {
  transform: none !important; visibility: hidden; overflow: hidden;
}
.stApp :is([data-testid="stSidebarCollapseButton"], [data-testid="stExpandSidebarButton"],
  [data-testid="stExpander"] summary) [data-testid="stIconMaterial"] { transform: scaleX(-1); }
/* tables and data frames read from the right */
.stApp [data-testid="stTable"] :is(th, td), .stApp [data-testid="stMarkdownContainer"] :is(th, td) {
  text-align: right;
}
/* a slider's track keeps its numbers growing to the right, as a ruler does in Hebrew books too; its label (and
   its help icon) still read from the right: the track alone, not the whole slider, or a label ending in "ב-"
   ("at") showed its hyphen on the wrong side and the help icon on the right */
.stApp [data-testid="stSlider"] [role="group"] { direction: ltr; }
/* a bar chart's plot (quitlok.ui.bars) is a picture with a number line, as the slider: its numbers (cards 1 to 12,
   totals 17 to 21 then bust) grow to the right, its value axis on the left, and its marks (the dashed line
   before the totals that beat yours, drawn on a column's left) where they belong; its titles and the legend
   above it still read from the right */
.stApp .ql-bars .ql-plot { direction: ltr; }
.stApp .ql-bars .ql-plot :is(.ql-title, .ql-mark) { direction: rtl; }
/* a Plotly chart (a class's answers, the Lab's figures) too: Plotly places its labels for text that runs from the
   left (a tick label ends at its tick), and read right to left they were drawn off the chart's left edge, the
   words of a projected vote's bars cut down to their last character; Hebrew words in it still read from the right
   (the Unicode bidirectional algorithm; an option's words are isolated: quitlok.ui.charts) */
.stApp .stPlotlyChart, #js-plotly-tester { direction: ltr; }
/* the card table is a picture of a real table, not a line of text: its seats keep their places, so that its
   arrows and "clockwise" mean what they mean at the table (mirrored, clockwise would run anticlockwise); the
   words in each seat and on the felt still read from the right */
.stApp .ql-ring, .stApp .ql-ring > .ql-felt { direction: ltr; }
.stApp .ql-ring > .ql-seat, .stApp .ql-ring .ql-way { direction: rtl; }
/* addresses, code and formulas are read left to right inside a right-to-left text */
.stApp :is(code, pre, kbd, [data-testid="stCode"]) { direction: ltr; unicode-bidi: isolate; }
</style>
"""


def mirror() -> None:
    """The right-to-left layout, for this run (call once per run, when the language is written right to left)."""
    st.html(CSS)


def icon(name: str) -> str:
    """The icon `name` (Streamlit's ":material/...:") as it points in the page's direction: right to left, an
    arrow to what comes next points left (Hebrew's "Next" leads left, as a page is turned), back points right, and
    so do the other icons that point a way (see the module docstring): swapped for its mirror image, or, in
    `FLIPPED`, the same name, which the page's script shows mirrored."""
    return _MIRROR_IMAGE.get(name, name) if is_rtl() else name


def flipped() -> list[str]:
    """The icons the page's script shows mirrored in this run's language (none left to right)."""
    return sorted(FLIPPED) if is_rtl() else []
