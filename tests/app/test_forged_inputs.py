"""Forged widget values and oversized inputs on every page (issue 22, items 1 and 4): only calm messages.

A browser sends a widget's value in a websocket message, and a forged message can send anything: an option the
widget does not offer, a number far outside its limits, a text far longer than its `max_chars`. Streamlit passes
such values on as they are (a selectbox's unknown label becomes its value). Each page is opened, then every
widget on it (the sidebar's too) is given an impossible value at once, the way such a message would
(`forge`), or its session-state key is set to one before the page is opened (`forge_state`, as the message
would leave it). The page must then show no exception and nothing that reads like one (a traceback, a server
path, a database address), and the session must go on: the page again and Home work.
"""

import math

import pytest
from streamlit.proto.WidgetStates_pb2 import WidgetState
from streamlit.testing.v1 import AppTest

from quitlok import QUITLOK
from quitlok.ui import guard
from tests.app.conftest import APP
from tests.app.test_guard import calm, shown
from tests.app.test_pages import LISTED

#: widget kinds that carry a value (buttons carry none a message could make impossible)
KINDS = ("checkbox", "toggle", "radio", "selectbox", "select_slider", "multiselect", "number_input", "slider",
         "text_input", "text_area")
#: a text far longer than any field's max_chars
LONG_TEXT = "x" * 100_000
#: an option no widget offers
NO_OPTION = "an option this page does not offer"


def value_widgets(at: AppTest) -> list[tuple[str, object]]:
    found = []
    for area in (at.main, at.sidebar):
        for kind in KINDS:
            try:
                found += [(kind, w) for w in area.get(kind)]
            except (KeyError, AttributeError):
                continue
    return found


def forge(kind: str, widget, variant: int) -> None:
    """Make `widget` send, in the next run, a value its kind can carry in a message but the page never offers."""
    state = WidgetState()
    state.id = widget.id
    if kind in ("radio", "selectbox"):
        state.string_value = NO_OPTION
    elif kind in ("select_slider", "multiselect"):
        state.string_array_value.data[:] = [NO_OPTION]
    elif kind == "number_input":
        if widget.proto.data_type == widget.proto.INT:
            state.int_value = [2**62, -(2**62)][variant % 2]
        else:
            state.double_value = [1e300, math.nan][variant % 2]
    elif kind == "slider":
        state.double_array_value.data[:] = [[1e300, -1e300][variant % 2]]
    elif kind in ("text_input", "text_area"):
        state.string_value = LONG_TEXT
    elif kind in ("checkbox", "toggle"):
        state.string_value = NO_OPTION  # the wrong kind of value: a checkbox carries a bool
    widget.__class__ = type(f"Forged{type(widget).__name__}", (type(widget),),
                            {"_widget_state": property(lambda self: state)})


#: impossible values left in session state, per kind of widget
STATE_VALUES = {
    "radio": [NO_OPTION, 10**5000], "selectbox": [NO_OPTION, None], "select_slider": [NO_OPTION, -1],
    "multiselect": [[NO_OPTION], NO_OPTION], "number_input": [10**5000, -(10**30)], "slider": [10**9, "x"],
    "text_input": [LONG_TEXT, 12], "text_area": [LONG_TEXT, 12], "checkbox": [NO_OPTION, 7], "toggle": [NO_OPTION, 7],
}


def opened(page: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    if page != "pages/home.py":
        at.switch_page(page).run()
    calm(at)
    return at


def goes_on(at: AppTest, page: str) -> None:
    """After the forgery, the page again and Home work in the same session."""
    for then in (page, "pages/home.py", page):
        at.switch_page(then).run()
        calm(at)
        assert at.title, then


@pytest.mark.parametrize("variant", [0, 1])
@pytest.mark.parametrize("page", LISTED)
def test_forged_messages_for_every_widget_of_a_page(page, variant, database_url):
    at = opened(page)
    found = value_widgets(at)
    assert found, page  # every page has the sidebar's widgets at least
    for kind, widget in found:
        if not getattr(widget, "disabled", False):
            forge(kind, widget, variant)
    at.run()
    calm(at)
    goes_on(at, page)


@pytest.mark.parametrize("variant", [0, 1])
@pytest.mark.parametrize("page", LISTED)
def test_impossible_values_in_session_state(page, variant, database_url):
    keys = {(kind, w.key) for kind, w in value_widgets(opened(page)) if w.key}
    at = opened("pages/rules.py" if page == "pages/home.py" else "pages/home.py")
    on_screen = {w.key for _, w in value_widgets(at)}
    for kind, key in sorted(keys):
        if key not in on_screen:  # AppTest itself cannot send a widget on screen an impossible value this way
            at.session_state[key] = STATE_VALUES[kind][variant]
    at.switch_page(page).run()
    calm(at)
    goes_on(at, page)


def test_a_forged_preset_is_set_back_with_a_note(app):
    forge("selectbox", app.sidebar.selectbox(key="rules.preset"), 0)
    app.run()
    calm(app)
    assert guard.words()["forged"] in shown(app)
    assert app.session_state["rules.current"] == QUITLOK
    assert app.sidebar.selectbox(key="rules.preset").value == QUITLOK.name
