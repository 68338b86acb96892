"""AppTest helpers: every test starts from tutorial_app.py, as a visitor does."""

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


def texts(at: AppTest) -> str:
    """All markdown, captions, subheaders and alerts on the page, as one string."""
    kinds = ("markdown", "caption", "subheader", "title", "header", "info", "error", "warning", "success")
    parts = [e.value for kind in kinds for e in at.get(kind)]
    return "\n".join(str(p) for p in parts)
