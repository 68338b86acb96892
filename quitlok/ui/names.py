"""Names, and anything else that came from a browser (a saved progress, a transfer code, a link), shown as
text on every page: never as Markdown, HTML or Streamlit's own syntax, never loading anything, never
reordering the sentence around them.

Which form goes where (Streamlit 1.67, seen in the browser): `markdown` wherever Streamlit reads Markdown,
which is almost everywhere: st.markdown, st.caption, headers, st.info/success/warning/error, st.toast, the
labels of buttons, checkboxes, expanders and metrics, the options of st.radio, and the cells of st.table;
`html` in HTML the app builds (st.html), `attribute` in an HTML attribute's quotes and in Plotly's labels
(which read a few tags: <b>, <a>, <br>);
`plain` where Streamlit shows text as it is: the options of st.selectbox, st.dataframe's cells, a text
input. A CSV cell is quitlok.text.spreadsheet_cell. All three put the text between Unicode's directional
isolates (quitlok.text.isolated): invisible, and a Hebrew name or a right-to-left override stays inside its
name (HTML's <bdi> does the same in `html`, and adds no character to the page's text).
"""

import re
from collections.abc import Sequence
from html import escape

from quitlok.text import balanced, isolated
from quitlok.ui.words import escape_markdown


def plain(text: object) -> str:
    """For a place that shows text as it is (st.selectbox's options, st.dataframe): isolated only."""
    return isolated(text)


def markdown(text: object) -> str:
    """For a place that reads Markdown: every sign a character reference (quitlok.ui.words.escape_markdown),
    so '![](//host/x)' reads as those characters and loads nothing, and isolated (after its runs of spaces
    and line breaks became one space, as escape_markdown makes them)."""
    return escape_markdown(isolated(" ".join(str(text).split())))


def html(text: object) -> str:
    """For HTML the app builds, between elements: escaped, in a <bdi> element (an isolate)."""
    return f"<bdi>{escape(balanced(text))}</bdi>"


def attribute(text: object) -> str:
    """For an HTML attribute's value (in its quotes) and Plotly's labels: escaped and isolated."""
    return escape(isolated(text))


def html_naming(text: str, people: Sequence[str]) -> str:
    """A sentence of the app's (a line of the log, how a hand ended) that names `people`, for HTML: escaped,
    and each of their names in it isolated, so that a Hebrew name keeps its place in the sentence."""
    found = sorted({name for name in people if name}, key=len, reverse=True)
    if not found:
        return escape(text)
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, found)) + r")(?!\w)")
    parts, start = [], 0
    for match in pattern.finditer(text):
        parts += [escape(text[start:match.start()]), html(match[0])]
        start = match.end()
    return "".join(parts) + escape(text[start:])
