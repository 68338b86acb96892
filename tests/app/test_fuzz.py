"""Random clicking on every page: each poke is valid for its widget and counted, none skipped silently.

A seeded random visitor opens each page through tutorial_app.py and, many times over, picks one widget on
the page and gives it a value its kind allows (a button pressed, an option chosen, a number from the
widget's own limits, edge values included, a text from a list of awkward ones), then lets the page run.
No poke may end in an exception. Every widget kind on the pages must be one the fuzzer knows how to poke;
a disabled widget is counted as such, never silently passed over.
"""

import random
from collections import Counter

import pytest
from streamlit.proto.WidgetStates_pb2 import WidgetState
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import SelectSlider

from quitlok.i18n import SOURCE, use
from quitlok.ui.language import CHOSEN
from tests.app.conftest import APP
from tests.app.test_pages import LISTED

#: pokes per page (each followed by a run of the page)
POKES = 40
#: the share of pokes given to the page's own widgets rather than the sidebar's
MAIN_SHARE = 0.8
#: texts a visitor might type into any text box
TEXTS = ["", " ", "?, 5", "6, 5", "Dov", "x" * 200, "<b>bold</b> [link](http://x)", "١٢", "12, 12, 12, 12, 12",
         "?, ?, ?, ?, ?, ?, ?, ?, ?", "-1", "99999999999999999999", "ABCD", "😀"]
#: widget kinds the fuzzer pokes, with how
KINDS = ("button", "checkbox", "toggle", "radio", "selectbox", "multiselect", "number_input", "slider",
         "select_slider", "text_input", "text_area", "date_input", "time_input", "color_picker", "chat_input")


def widgets(area, kinds: tuple[str, ...] = KINDS) -> list:
    """Every interactive widget (of `kinds`) in one area of the page (`at.main` or `at.sidebar`), in a stable
    order."""
    found = []
    for kind in kinds:
        try:
            found += [(kind, w) for w in area.get(kind)]
        except (KeyError, AttributeError):
            continue
    return found


def choose_label(widget, label: str) -> None:
    """Choose an option of a radio, selectbox or select slider by the label the page shows.

    AppTest's set_value takes the page's own value and formats it with the page's format_func; a fuzzer
    knows only the labels. Streamlit's browser sends the chosen label itself, so the widget is given a
    widget state that does the same. (A Streamlit internal: if an upgrade changes how these widgets report
    their state, every poke of one fails here, loudly.)
    """
    state = WidgetState()
    state.id = widget.id
    if isinstance(widget, SelectSlider):
        state.string_array_value.data[:] = [label]
    else:
        state.string_value = label
    widget.__class__ = type(f"Labelled{type(widget).__name__}", (type(widget),),
                            {"_widget_state": property(lambda self: state)})
    widget._value = label


def poke(kind: str, widget, rng: random.Random) -> str:
    """Give `widget` a value its kind allows; returns what was done, for the tally."""
    if kind == "button":
        widget.click()
    elif kind in ("checkbox", "toggle"):
        widget.set_value(not widget.value)
    elif kind in ("radio", "selectbox", "select_slider"):
        options = list(widget.options)
        if not options:
            return "no options"
        choose_label(widget, rng.choice(options))
    elif kind == "multiselect":
        options = list(widget.options)
        widget.set_value(rng.sample(options, rng.randint(0, min(3, len(options)))))
    elif kind == "number_input":
        low = widget.min if widget.min is not None else -1000
        high = widget.max if widget.max is not None else 1000
        whole = isinstance(widget.value, int) and float(low).is_integer() and float(high).is_integer()
        low, high = (int(low), int(high)) if whole else (low, high)
        middle = rng.randint(low, high) if whole else rng.uniform(low, high)
        widget.set_value(rng.choice([low, high, middle]))
    elif kind == "slider":
        low, high = widget.proto.min, widget.proto.max
        value = widget.value
        whole = isinstance(value[0] if isinstance(value, tuple | list) else value, int)
        pick = (lambda: rng.randint(int(low), int(high))) if whole else (lambda: rng.uniform(low, high))
        if isinstance(value, tuple | list):
            widget.set_value(tuple(sorted((pick(), pick()))))
        else:
            widget.set_value(rng.choice([int(low) if whole else low, int(high) if whole else high, pick()]))
    elif kind in ("text_input", "text_area", "chat_input"):
        text = rng.choice(TEXTS)
        widget.input(text) if kind != "chat_input" else widget.set_value(text)
    else:
        return "unknown kind"
    return "poked"


@pytest.mark.parametrize("page", LISTED)
def test_random_pokes_never_end_in_an_exception(page, database_url):
    rng = random.Random(page)
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    tally = Counter()
    for n in range(POKES):
        # mostly the page's own widgets; now and then the shared sidebar (house rules, projector mode)
        area = at.main if rng.random() < MAIN_SHARE else at.sidebar
        found = widgets(area) or widgets(at.main) + widgets(at.sidebar)
        if not found:
            tally["nothing to poke"] += 1
            break
        kind, widget = rng.choice(found)
        if getattr(widget, "disabled", False):
            tally[f"{kind}: disabled"] += 1
            continue
        done = poke(kind, widget, rng)
        tally[f"{kind}: {done}"] += 1
        assert done == "poked", (page, kind, widget, done)
        # AppTest words the widgets' values for the next run in the test's thread: in the page's language (the
        # sidebar's language picker may have been poked)
        chosen = at.session_state.get(CHOSEN, SOURCE)
        with use(chosen):
            at.run()
        assert not at.exception, (page, n, kind, getattr(widget, "key", None), at.exception)
    poked = sum(v for k, v in tally.items() if k.endswith(": poked"))
    print(page, dict(tally))
    assert poked + tally["nothing to poke"] >= 1
    assert sum(v for k, v in tally.items() if ": " in k and not k.endswith((": poked", ": disabled"))) == 0
