"""No traceback ever reaches a page (issue 22, item 4): the app's guard, and Streamlit's own setting."""

import logging
import tomllib

import pytest
from streamlit.errors import FragmentHandledException
from streamlit.runtime.scriptrunner_utils.exceptions import RerunException, StopException
from streamlit.testing.v1 import AppTest

from quitlok import ui
from quitlok.ui import guard, internals
from tests.app.conftest import APP, markdown_texts
from tests.conftest import ROOT

#: what a page must never show: a traceback, a server path, a database address
LEAKS = ("Traceback", 'File "', "/work/", str(ROOT), "sqlite:", "postgresql:")


def shown(at: AppTest) -> str:
    """Every word on the page, alerts, toasts and exceptions included."""
    return "\n".join([markdown_texts(at)] + [str(t.value) for t in at.toast]
                     + [f"{e.message}\n{e.stack_trace}" for e in at.exception])


def calm(at: AppTest) -> None:
    assert not at.exception, at.exception
    page = shown(at)
    assert not [leak for leak in LEAKS if leak in page], page


def test_streamlit_never_shows_error_details():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert config["client"]["showErrorDetails"] == "none"


def test_a_page_that_raises_shows_the_app_s_words_and_logs_the_error(monkeypatch, caplog):
    def broken(name):
        raise RuntimeError(f"boom in {ROOT}/quitlok/x.py at sqlite:///{ROOT}/.data/rooms.sqlite3")

    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    monkeypatch.setattr(ui, "history_page", broken)
    with caplog.at_level(logging.ERROR, logger="quitlok.guard"):
        at.switch_page("pages/history_origins.py").run()
    calm(at)
    assert at.error[0].value == guard.words()["failed"]
    assert [link.label for link in at.main.get("page_link")] == ["Back to the Home page"]
    assert any(record.exc_info and "boom in" in str(record.exc_info[1]) for record in caplog.records)
    monkeypatch.undo()  # the session goes on: the same page, and another, work again
    at.switch_page("pages/history_cards.py").run()
    calm(at)
    assert not at.error and at.title


def test_a_sidebar_that_raises_is_guarded_too(monkeypatch):
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    monkeypatch.setattr(ui, "house_rules_sidebar", lambda: 1 / 0)
    at.switch_page("pages/rules.py").run()
    calm(at)
    assert at.error[0].value == guard.words()["failed"]
    monkeypatch.undo()
    at.switch_page("pages/rules.py").run()
    calm(at)
    assert not at.error and at.title


def _control_flow_script():
    import streamlit as st

    from quitlok.ui import guard

    @guard.fragment
    def counter():
        clicks = st.session_state.setdefault("clicks", 0)
        st.write(f"fragment ran {clicks}")
        if st.button("again", key="again"):
            st.session_state.clicks = clicks + 1
            st.rerun()  # AppTest runs a fragment's click as a whole run; a fragment's own rerun: see below

    @guard.fragment
    def broken_fragment():
        raise RuntimeError("fragment boom /work/x")

    with guard.page_guard():
        runs = st.session_state.setdefault("runs", 0)
        if runs < 2:
            st.session_state.runs = runs + 1
            st.rerun()
        st.write(f"page ran {runs}")
        counter()
        broken_fragment()
        st.write("before stop")
        st.stop()
        st.write("after stop")


def test_rerun_stop_and_fragment_reruns_pass_through_the_guard():
    at = AppTest.from_function(_control_flow_script, default_timeout=30)
    at.run()
    calm(at)
    page = markdown_texts(at)
    assert "page ran 2" in page and "fragment ran 0" in page  # st.rerun() twice, then the page
    assert "before stop" in page and "after stop" not in page  # st.stop() stops, no message
    assert [e.value for e in at.error] == [guard.words()["failed"]]  # the broken fragment, in the app's words
    at.button(key="again").click().run()
    calm(at)
    assert "fragment ran 1" in markdown_texts(at)


@pytest.mark.parametrize("control", [RerunException(None), StopException(), FragmentHandledException(ValueError())])
def test_streamlit_s_control_flow_is_never_caught(control):
    """A fragment's own rerun (st.rerun(scope="fragment")) is a RerunException too; a browser runs one at every
    move of the practice table and every lesson step (tests/e2e/test_browser.py)."""
    with pytest.raises(type(control)), guard.page_guard():
        raise control


def _unguarded_fragment_script():
    import streamlit as st

    from quitlok.ui import guard

    @st.fragment
    def broken():
        raise RuntimeError("fragment boom")

    with guard.page_guard():
        broken()
        st.write("not reached")


def test_a_fragment_error_streamlit_handled_passes_the_guard():
    assert internals.HANDLED_BY_STREAMLIT  # Streamlit still names the exception it ends a run with
    at = AppTest.from_function(_unguarded_fragment_script, default_timeout=30)
    at.run()
    assert len(at.exception) == 1  # Streamlit's own (redacted in the browser), not the guard's words as well
    assert not at.error and "not reached" not in markdown_texts(at)


@pytest.mark.parametrize("value, fits", [("a", True), (1, False), ("z", False), ([], False), (True, False)])
def test_among(value, fits):
    assert guard._among(value, ["a", "b", 1.0, 2]) is fits
