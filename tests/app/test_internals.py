"""The one workaround for Streamlit internals (quitlok/ui/internals.py) still finds what it relies on.

A first visit to a deep link (/glossary) right after a server restart runs the
page straight from pages/, without tutorial_app.py, unless the internal flag
`PagesManager.uses_pages_directory` is switched off. If a Streamlit upgrade
removes the flag, or makes the workaround unnecessary, these tests fail, so
the workaround is revisited instead of silently doing nothing.
"""

from streamlit.runtime.pages_manager import PagesManager
from streamlit.testing.v1 import AppTest

from quitlok import ui
from tests.app.conftest import APP


def first_visit_to(page: str) -> AppTest:
    """A visitor's first run, straight onto `page`, in a server that has not yet run st.navigation."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.switch_page(page)
    at.run()
    assert not at.exception, at.exception
    return at


def test_streamlit_still_has_the_flag_the_workaround_switches_off():
    assert "uses_pages_directory" in vars(PagesManager), (
        "Streamlit no longer has PagesManager.uses_pages_directory: see quitlok/ui/internals.py")


def test_a_first_visit_to_a_deep_link_gets_the_sidebar(monkeypatch):
    monkeypatch.setattr(PagesManager, "uses_pages_directory", True)  # as after a restart: pages/ exists
    at = first_visit_to("pages/glossary.py")
    assert at.title[0].value == "Glossary"
    assert at.sidebar.selectbox(key="rules.preset").value == "Quitlok"
    assert PagesManager.uses_pages_directory is False


def test_without_the_workaround_the_sidebar_would_be_missing(monkeypatch):
    """The workaround is still needed: take it away and the same first visit has no sidebar."""
    monkeypatch.setattr(PagesManager, "uses_pages_directory", True)
    monkeypatch.setattr(ui, "through_the_app", lambda: None)
    at = first_visit_to("pages/glossary.py")
    assert at.title[0].value == "Glossary"
    assert not at.sidebar.selectbox, "Streamlit now runs tutorial_app.py anyway: remove the workaround"
