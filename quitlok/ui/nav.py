"""The list of the app's pages at the top of the sidebar, drawn by the app with st.page_link.

Streamlit's own menu (st.navigation in the sidebar) puts one <div> a section straight into its <ul>, so a
screen reader meets a broken list (axe-core's "list" and "listitem" rules, impact serious). The app hides
that menu (`st.navigation(..., position="hidden")`) and draws the same pages here: a name for each section and
a link for each page, the page shown marked as the current one. The History section, six pages, stays folded
(its links not drawn) until the visitor opens it or one of its pages, so that the house rules below are not
pushed out of sight. On a phone, choosing a page closes the sidebar, as Streamlit's menu did
(quitlok.ui.internals.close_sidebar_on_phones).
"""

import streamlit as st
from streamlit.navigation.page import StreamlitPage

from quitlok.i18n import _, ngettext
from quitlok.ui import internals
from quitlok.ui.words import content_sections

#: the section whose pages are folded away unless one of them is open; whether it is open, and the page last
#: drawn (session state)
FOLDED = "History"
FOLDED_KEY, FOLDED_PAGE_KEY = "ql-folded", "ql-folded.page"

_CSS = """<style>
/* the links stand close together, as in a menu; a section's name is small and set apart from the one before */
.st-key-ql-pages [data-testid="stVerticalBlock"] { gap: 0.25rem; }
.st-key-ql-pages [data-testid="stPageLink-NavLink"] { min-height: 2rem; margin: 0; padding-block: .2rem; }  /* 24 px+ */
.st-key-ql-pages [data-testid="stExpanderDetails"] [data-testid="stVerticalBlock"] { gap: 0.25rem; }
.st-key-ql-pages [data-testid="stCaptionContainer"] { margin-top: 0.6rem; font-weight: 600; }
.st-key-ql-pages [data-testid="stExpander"] { margin-top: 0.4rem; }
</style>"""


def page_list(pages: dict[str, list[StreamlitPage]], current: StreamlitPage) -> None:
    """Every page of `pages` (sections of pages, as given to st.navigation) as a link in the sidebar."""
    with st.sidebar, st.container(key="ql-pages"):
        st.html(_CSS)
        internals.close_sidebar_on_phones()
        internals.calm_reconnecting(content_sections("guard")["reconnecting"])
        for section, entries in pages.items():
            if section == FOLDED:  # its links are drawn only while it is open (each costs a page load a little)
                _fold_as_visited(entries, current)
                label = ngettext("{section} ({n} page)", "{section} ({n} pages)", len(entries)).format(
                    section=_(section), n=len(entries))
                with st.expander(label, key=FOLDED_KEY, on_change="rerun") as folded:
                    if folded.open:
                        _links(entries)
            else:
                st.caption(_(section))  # (the sections are marked where the app lists them: N_)
                _links(entries)


def _fold_as_visited(entries: list[StreamlitPage], current: StreamlitPage) -> None:
    """The folded section opens as one of its pages is opened, and otherwise stays as the visitor left it."""
    arrived = st.session_state.get(FOLDED_PAGE_KEY) != current.url_path
    st.session_state[FOLDED_PAGE_KEY] = current.url_path
    internals.keep_fold(FOLDED_KEY, open_now=arrived and current in entries)


def _links(entries: list[StreamlitPage]) -> None:
    for page in entries:
        st.page_link(page, label=page.title, icon=page.icon, width="stretch")
