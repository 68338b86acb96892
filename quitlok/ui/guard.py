"""No traceback ever reaches a page (issue 22, item 4): a page that fails says so in the app's own words.

`page_guard` goes round every page's body (tutorial_app.py, once, around `navigation.run()`) and round every
fragment's (`fragment`, used in place of `st.fragment`, since a fragment's rerun runs without the page around
it). An exception there is logged on the server with its traceback, and the page shows content/guard.md's
"failed" words with a link back to Home; nothing of the exception (its message, a server path, a database
address) reaches the screen. Streamlit's own control flow passes through untouched: `st.rerun()` and
`st.stop()` raise exceptions that are not `Exception`s, and a fragment's error that Streamlit has already shown
is let by (quitlok/ui/internals.py, `HANDLED_BY_STREAMLIT`). What no guard can reach (a widget's callback, run
before the script) is redacted by `client.showErrorDetails = "none"` in .streamlit/config.toml.

Inputs are refused where they come in. Streamlit (1.67) itself cuts a text to its field's `max_chars`, sets a
number outside its field's limits back to the default, and sets a choice that is not among the options back,
but only when the widget is drawn: a callback, run before that, and code that reads the value before the widget
is drawn, still get whatever a forged websocket message sent. `keep_choice` (before a choice widget is drawn,
and in its callbacks) and `keep_text` (before a text field is drawn) set such a value back, with a calm note (a
toast). A link never carries a key (SPEC section 5: seats are held by devices); a room's or class's code is
cut to 12 characters where it is read, and a link's cards, stake and rules are checked where they are read.
"""

import functools
import logging
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import streamlit as st
from streamlit.errors import StreamlitAPIException

from quitlok.i18n import N_, _
from quitlok.ui import language
from quitlok.ui.internals import HANDLED_BY_STREAMLIT
from quitlok.ui.words import content_sections

LOG = logging.getLogger("quitlok.guard")

#: the way back from a failed page
HOME = N_("Back to the Home page")
#: the most characters a text field takes: a room's or class's code (6 letters, spaces or dashes allowed), a name
#: or nickname (1 to 20 after trimming, with room for stray spaces), a worksheet number (1 to 999,999, written
#: as people write it)
CODE_CHARS, NAME_CHARS, NUMBER_CHARS = 12, 30, 20
#: a seat's or a class's key as the app makes them (secrets.token_urlsafe(32): 43 characters), with room to spare


#: this run's own answers to exceptions a page expects (calmly): [(exception class, what to draw instead)]
_CALM: ContextVar[list[tuple[type[BaseException], Callable[[], None]]] | None] = ContextVar("quitlok_calm",
                                                                                           default=None)


def calmly(kind: type[Exception], instead: Callable[[], None]) -> None:
    """For the rest of this run of the page: an exception of `kind` that reaches the guard draws `instead` (the
    page's own calm words, such as "Reconnecting…" when the rooms' database went away) rather than the "failed"
    message. It is logged on the server all the same."""
    answers = _CALM.get()
    if answers is not None:
        answers.append((kind, instead))


def words() -> dict[str, str]:
    return content_sections("guard")


def failed() -> None:
    """Say that the page failed, in the app's words, with a way back."""
    st.error(words()["failed"], icon=":material/error:")
    try:
        st.page_link("pages/home.py", label=_(HOME), icon=":material/home:")
    except StreamlitAPIException:  # outside the app's navigation: the app's root address is its Home page
        st.markdown("[" + _(HOME) + "](./)")


@contextmanager
def page_guard() -> Iterator[None]:
    """Around a page's body (or a fragment's): an exception is logged on the server and the page says calmly
    that something went wrong; Streamlit's rerun, stop and its own handled fragment errors pass through."""
    words()  # read on every run (cached): there when needed, and tests/app/test_content.py sees them used
    token = _CALM.set([])
    try:
        yield
    except HANDLED_BY_STREAMLIT:
        raise
    except Exception as problem:
        instead = next((answer for kind, answer in _CALM.get() or [] if isinstance(problem, kind)), None)
        if instead is None:
            LOG.exception("A page failed (the visitor saw the app's own message)")
            failed()
            return
        LOG.warning("A page met %s and said so in its own words: %s", type(problem).__name__, problem)
        try:
            instead()
        except HANDLED_BY_STREAMLIT:
            raise
        except Exception:
            LOG.exception("A page's own answer to a problem failed (the visitor saw the app's own message)")
            failed()
    finally:
        _CALM.reset(token)


def fragment(func: Callable[..., Any] | None = None, *, run_every: float | None = None) -> Any:
    """`st.fragment`, with its body inside `page_guard`: `@guard.fragment` or `@guard.fragment(run_every=1.0)`."""
    def decorate(body: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(body)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            language.apply()  # a fragment's own run does not run the page that sets the language
            with page_guard():
                return body(*args, **kwargs)
        return st.fragment(guarded, run_every=run_every)
    return decorate(func) if func is not None else decorate


def _note(text: str) -> None:
    """Say why an input was refused: a toast, which takes no place on the page."""
    st.toast(text, icon=":material/info:")


def keep_choice(key: str, options: Collection[Any]) -> bool:
    """Before drawing the choice widget `key` (selectbox, radio, select slider, checkbox), and in its callback: a
    value that is not one of `options` (a forged message) is dropped, so the widget starts again from its
    default, with a note. False when it was dropped."""
    ss = st.session_state
    if key in ss and not _among(ss[key], options):
        del ss[key]
        _note(words()["forged"])
        return False
    return True


def _among(value: Any, options: Collection[Any]) -> bool:
    try:
        return any(type(value) is type(option) and value == option for option in options) or (
            value is None and None in options)
    except Exception:  # a value that cannot even be compared is not among them
        return False


def keep_text(key: str, most: int) -> None:
    """Before drawing the text input `key` (whose `max_chars` is `most`): a text longer than that (a browser
    keeps to max_chars; a forged message need not) or not a text is emptied, with a note saying why."""
    ss = st.session_state
    value = ss.get(key)
    if key in ss and value is not None and (not isinstance(value, str) or len(value) > most):
        ss[key] = ""
        _note(words()["too_long"].format(most=most))
