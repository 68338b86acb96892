"""The visitor's language (issue 26): where it comes from, the sidebar's picker, and the page's language.

Where it comes from, first found first:

1. the address, `?lang=he` (a link, the picker, a class's projector set up in Czech);
2. what this visitor chose in this session (a page switch drops the address's `lang`): the picker, or an
   address's `lang` seen earlier in the session;
3. the choice kept in this browser (a cookie the picker writes, quitlok.ui.browser), for the next visit;
4. the browser's own language, `st.context.locale` (he-IL: Hebrew, cs-CZ: Czech), else English.

A value that is not one of the app's languages (`?lang=xx`, a forged cookie) is passed over calmly: the next
source decides. The tests' pseudo-language (quitlok.i18n.PSEUDO) comes only from the address, never from the
picker. `apply` runs at the start of every run of the page (tutorial_app.py) and of every fragment's run
(quitlok.ui.guard.fragment: a fragment's rerun does not run the page around it). `setup` draws, once per
whole run, the picker (in the sidebar) and the page's `<html lang dir>` with the right-to-left layout
(quitlok.ui.internals.page_language, quitlok.ui.rtl).
"""

import streamlit as st

from quitlok.i18n import LANGUAGES, _, direction, fall_back_on, from_locale, is_rtl, known, language, set_language
from quitlok.ui import browser, internals, rtl

#: the address's query parameter
PARAM = "lang"
#: session state: the language this visitor chose (the picker, or an address) in this session
CHOSEN = "language.chosen"
#: session state: the picker's value (its widget key), and whether the picker was used (then the cookie is kept)
PICKER, PICKED = "language.picker", "language.picked"
#: the cookie that keeps the picker's choice in this browser, and for how long (a year)
COOKIE, KEPT_SECONDS = "quitlok_lang", 365 * 24 * 3600
#: session state: the language of this session's latest run (what its widgets' callbacks speak: session_language)
NOW = "language.now"


def choose(address: object, chosen: object, kept: object, locale: object) -> str:
    """The language from its sources, first found first (see the module docstring): the address's `lang` (the
    pseudo-language allowed), the session's choice, the browser's kept choice (the app's languages only),
    the browser's locale (he-IL -> he, cs-CZ -> cs, anything else English)."""
    for source in (address, chosen):
        if code := known(source):
            return code
    if (code := known(kept)) in LANGUAGES:
        return code
    return from_locale(locale)


def apply() -> str:
    """Set this run's language (at the start of every run of the page and of every fragment); returns it."""
    state = st.session_state
    address = st.query_params.get(PARAM)
    if known(address):
        state[CHOSEN] = known(address)
    code = choose(address, state.get(CHOSEN), browser.cookie(COOKIE), _locale())
    set_language(code)
    state[NOW] = code
    return code


def session_language() -> str | None:
    """The language of the session whose script runs in this thread (its latest run's), None outside a run.
    Streamlit runs a widget's callback at the start of a run, before the page sets the run's language (apply):
    what the callback words (the note on a move at a room's table, a refusal) must be the device's language, not
    English. quitlok.i18n falls back on it wherever no language was set."""
    if internals.running_session() is None:
        return None
    return st.session_state.get(NOW)


fall_back_on(session_language)


def keep_in_address() -> None:
    """After a page wrote its address anew (a room's or a class's page keeps its code alone there): the language this
    visitor chose (an address's `lang`, the picker) goes back in it, so that a reload, or the address shared from
    this device, keeps the device's language (a projector set up in Czech stays Czech). A language that came from
    the browser alone needs no word in the address."""
    code = st.session_state.get(CHOSEN)
    if code and st.query_params.get(PARAM) != code:
        st.query_params[PARAM] = code


def _locale() -> str | None:
    try:
        locale = st.context.locale
    except Exception:  # no browser (a test run outside a session): English
        return None
    return locale if isinstance(locale, str) else None


def setup(*, picker: bool = True) -> None:
    """Once per whole run, in the sidebar: the language picker (`picker`; the session pages shown alone have no
    sidebar, and take `?lang=`), the page's language and direction, and the right-to-left layout when the
    language is written so."""
    code = language()
    with st.sidebar:
        internals.page_language(code, direction(code))
        # Translators: Streamlit's link at the top of every page, for keyboard users: it jumps to the page's content
        internals.page_words(_("Skip to main content"), rtl.flipped())
        if picker:
            _picker(code)
    if is_rtl(code):
        rtl.mirror()


def _picker(code: str) -> None:
    """The picker: each language named in itself; a choice changes the address's `lang` and is kept."""
    options = list(LANGUAGES)
    if st.session_state.get(PICKER) != code:  # the language came from elsewhere (an address): the picker shows it
        st.session_state[PICKER] = code if code in options else options[0]
    # no icon in the label: Streamlit names a Material icon in English for screen readers ("language icon"), and
    # an emoji is a box where the device has no emoji font; the languages' own names in the box are the sign
    # Translators: the label of the language picker in the sidebar
    st.selectbox(_("Language"), options, format_func=LANGUAGES.__getitem__, key=PICKER,
                 on_change=_picked)
    if st.session_state.get(PICKED):
        browser.keep_cookie(COOKIE, st.session_state[CHOSEN], KEPT_SECONDS)


def _picked() -> None:
    """The picker's callback: the chosen language for this session, the address and (drawn in the run) the
    browser's cookie. A value that is not a language (a forged message) changes nothing."""
    code = st.session_state.get(PICKER)
    if code not in LANGUAGES:
        st.session_state.pop(PICKER, None)
        return
    internals.keep_choices()  # the choices drawn in the old language's words keep their values in the new one
    st.session_state[CHOSEN] = code
    st.session_state[PICKED] = True
    st.query_params[PARAM] = code
