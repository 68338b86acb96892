"""AppTest helpers: every test starts from tutorial_app.py, as a visitor does."""

import html
import re
from html.parser import HTMLParser

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT

APP = str(ROOT / "tutorial_app.py")


@pytest.fixture
def app():
    """The app after its first run, on the Home page."""
    st.cache_data.clear()
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    assert not at.exception
    return at


def open_page(at: AppTest, page: str) -> AppTest:
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


#: the invisible directional isolates the page puts around every name (quitlok.ui.names), left out of what a test
#: reads as the page's words; tests/app/test_names_are_text.py checks that they are there
ISOLATES = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069"))


def as_read(markdown: str) -> str:
    """What a reader sees of Markdown that shows outside text as text (quitlok.ui.names.markdown): character
    references read, the invisible word joiners and isolates left out."""
    return html.unescape(str(markdown)).replace("\u2060", "").translate(ISOLATES)


def markdown_texts(at: AppTest) -> str:
    """All markdown, captions, headings and alerts on the page (as Markdown, without the isolates around names),
    as one string."""
    kinds = ("markdown", "caption", "subheader", "title", "header", "info", "error", "warning", "success")
    return "\n".join(str(e.value) for kind in kinds for e in at.get(kind)).translate(ISOLATES)


def lesson_heading(at: AppTest) -> str:
    """A lesson step's heading: the first line of its text (one Markdown element, pages/lessons.py step_text)."""
    text = next(str(m.value) for m in at.markdown if str(m.value).startswith("## "))
    return text.splitlines()[0].removeprefix("## ")


def texts(at: AppTest) -> str:
    """markdown_texts, and the words of our own HTML (the table's top bar, the hand-over panel, the log:
    html_text), as one string."""
    return markdown_texts(at) + "\n" + html_text(at)


@pytest.fixture
def database_url(tmp_path, monkeypatch) -> str:
    """A database file of the test's own, which the app's pages use (QUITLOK_DATABASE_URL)."""
    url = f"sqlite:///{tmp_path / 'quitlok.sqlite3'}"
    monkeypatch.setenv("QUITLOK_DATABASE_URL", url)
    return url


def visit(page: str, query: dict | None = None) -> AppTest:
    """A new visitor (a new session) on `page`, with `query` in the address, coming in through the app."""
    at = AppTest.from_file(APP, default_timeout=60)
    for key, value in (query or {}).items():
        at.query_params[key] = value
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def click(at: AppTest, key: str) -> AppTest:
    """Press the button `key`; the page must run without an exception."""
    at.button(key=key).click().run()
    assert not at.exception, at.exception
    return at


def single_rules(at: AppTest):
    """Open the sidebar's "Change single rules" (its widgets are drawn only while it is open) and return the
    sidebar, as a visitor who opened it sees it."""
    if not at.session_state["rules.open"]:
        at.session_state["rules.open"] = True
        at.run()
        assert not at.exception, at.exception
    return at.sidebar


def query_values(at: AppTest, key: str) -> list[str]:
    """Every value of `key` in the page's address."""
    value = at.query_params.get(key, [])
    return [value] if isinstance(value, str) else list(value)


class _Words(HTMLParser):
    """The words of our own markup as a reader sees them: tags dropped, a new line at every block and <br>,
    styles left out."""

    BLOCKS = {"br", "p", "div", "dt", "dd", "summary", "details", "li", "tr"}

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.in_style = False

    def handle_starttag(self, tag, attrs):
        self.in_style = self.in_style or tag == "style"
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if tag == "style":
            self.in_style = False
        elif tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.in_style:
            self.parts.append(data)


def html_text(at: AppTest) -> str:
    """The words of every st.html on the page (the table, its top bar, the log...), a line per block."""
    reader = _Words()
    for element in at.get("html"):
        reader.feed(str(element.proto.body))
    return "\n".join(line.strip() for line in "".join(reader.parts).splitlines() if line.strip())


def top_numbers(at: AppTest) -> dict[str, str]:
    """The numbers of the table's top bar (quitlok.ui.table.top_bar) by label, as shown."""
    body = "".join(str(element.proto.body) for element in at.get("html"))
    return dict(re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", body))
