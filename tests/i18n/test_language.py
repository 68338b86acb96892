"""Where the visitor's language comes from (quitlok.ui.language): the address, the session's choice, the browser's
kept choice, the browser's locale; the sidebar's picker; a fragment's own run; the session pages shown alone."""

import pytest
import streamlit as st
from hypothesis import given
from hypothesis import strategies as hs
from streamlit.testing.v1 import AppTest

from quitlok.i18n import LANGUAGES, PSEUDO, SOURCE, direction, from_locale, is_rtl, known, pseudo, use
from quitlok.ui import browser, language
from tests.app.conftest import APP, open_page

PICKER = language.PICKER


def visitor(query: dict | None = None, locale: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.context = {"locale": locale}
    for key, value in (query or {}).items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, at.exception
    return at


def test_languages_are_named_in_themselves_and_the_pseudo_language_is_right_to_left():
    assert LANGUAGES == {"en": "English", "he": "עברית", "cs": "Čeština"}
    assert is_rtl("he") and is_rtl(PSEUDO) and not is_rtl("cs") and not is_rtl("en")
    assert direction("he") == "rtl" and direction("cs") == "ltr"


@pytest.mark.parametrize(("tag", "code"), [("he-IL", "he"), ("he", "he"), ("iw", "he"), ("cs-CZ", "cs"),
                                           ("CS", "cs"), ("en-US", "en"), ("de-DE", "en"), ("qps", "en"),
                                           ("", "en"), (None, "en"), (42, "en")])
def test_a_browser_locale_gives_one_of_the_languages(tag, code):
    assert from_locale(tag) == code


def test_the_sources_come_in_order_address_choice_kept_locale():
    assert language.choose("he", "cs", "cs", "cs-CZ") == "he"
    assert language.choose(None, "cs", "he", "he-IL") == "cs"
    assert language.choose("xx", None, "he", "cs-CZ") == "he"
    assert language.choose(None, None, None, "cs-CZ") == "cs"
    assert language.choose(None, None, None, None) == SOURCE
    assert language.choose("qps", None, None, None) == PSEUDO  # the tests' language: from an address
    assert language.choose(None, None, "qps", "he-IL") == "he"  # never from a kept (forged) cookie


@given(hs.one_of(hs.none(), hs.text(max_size=40), hs.integers(), hs.lists(hs.text())),
       hs.one_of(hs.none(), hs.text(max_size=40)), hs.one_of(hs.none(), hs.text(max_size=40)))
def test_any_address_cookie_and_locale_give_a_language_calmly(address, kept, locale):
    code = language.choose(address, None, kept, locale)
    assert code in LANGUAGES or (code == PSEUDO and known(address) == PSEUDO)


def test_the_address_sets_the_language_of_the_page_and_the_session():
    at = visitor({"lang": "qps"})
    with use(PSEUDO):  # AppTest words the page's choices for the next run in the test's thread: in the page's language
        at.switch_page("pages/rules.py").run()  # a page switch drops the address's lang: the session keeps it
    assert not at.exception and at.session_state[language.CHOSEN] == PSEUDO
    assert at.header[0].value == pseudo("The aim")  # content/rules/summary.md's first heading, in qps


def test_a_bad_lang_in_the_address_is_passed_over_calmly():
    at = visitor({"lang": "<script>"}, locale="cs-CZ")
    assert language.CHOSEN not in at.session_state
    assert at.sidebar.selectbox(key=PICKER).value == "cs"  # the browser's language decides
    assert not at.error and not at.exception


def test_the_browser_locale_decides_when_nothing_else_does():
    assert visitor(locale="he-IL").sidebar.selectbox(key=PICKER).value == "he"
    assert visitor(locale="de-DE").sidebar.selectbox(key=PICKER).value == "en"


def test_the_kept_choice_comes_before_the_locale(monkeypatch):
    monkeypatch.setattr(browser, "cookie", lambda name: "cs" if name == language.COOKIE else None)
    assert visitor(locale="he-IL").sidebar.selectbox(key=PICKER).value == "cs"


def test_the_picker_offers_the_languages_but_not_the_pseudo_language_and_changes_the_address():
    at = visitor()
    picker = at.sidebar.selectbox(key=PICKER)
    assert picker.options == list(LANGUAGES.values()) and "qps" not in picker.options
    picker.set_value("cs").run()
    assert at.query_params["lang"] == ["cs"] or at.query_params["lang"] == "cs"
    assert at.session_state[language.CHOSEN] == "cs" and at.session_state[language.PICKED]
    open_page(at, "pages/rules.py")
    assert at.sidebar.selectbox(key=PICKER).value == "cs"


def _forged_pick():
    import streamlit as st

    from quitlok.ui import language

    st.session_state[language.PICKER] = "qps"  # a forged message's value for the picker
    language._picked()


def test_a_forged_picker_value_changes_nothing():
    at = AppTest.from_function(_forged_pick, default_timeout=30).run()
    assert not at.exception
    assert language.CHOSEN not in at.session_state and language.PICKED not in at.session_state
    assert PICKER not in at.session_state and "lang" not in at.query_params


def _fragment_page():
    import streamlit as st

    from quitlok.i18n import _, set_language
    from quitlok.ui import guard, language

    language.apply()
    st.title(_("Stay"))

    @guard.fragment
    def part():
        st.markdown(_("Stay"))

    set_language("en")  # what a fragment's own run finds: the page around it did not run
    part()


def test_a_fragment_s_run_sets_the_language_itself():
    at = AppTest.from_function(_fragment_page, default_timeout=30)
    at.query_params["lang"] = "qps"
    at.run()
    assert not at.exception
    assert at.markdown[0].value == pseudo("Stay")


def test_the_class_session_shown_alone_takes_the_address_s_language(database_url):
    at = AppTest.from_file(APP, default_timeout=60)
    for key, value in {"lang": "qps", "class": "ABCDEF", "screen": "projector"}.items():
        at.query_params[key] = value
    at.switch_page("pages/classroom.py").run()  # the projector's address, opened as it is
    assert not at.exception
    assert at.session_state[language.CHOSEN] == PSEUDO
    assert not at.sidebar.selectbox  # alone: no sidebar, no picker; the address decides


def test_st_context_locale_is_what_the_app_reads():
    """Streamlit's own name for the browser's language (a rename would leave every visitor in English)."""
    assert hasattr(st.context, "locale")
