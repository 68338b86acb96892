"""The house rules survive a reload: this browser keeps them (a cookie read when the page opens), so a reload,
a new tab or another evening never silently sends a Kvitlach family back to Quitlok."""

import itertools

import pytest
from streamlit.testing.v1 import AppTest

from quitlok.rules import KVITLACH, PRESETS, QUITLOK
from quitlok.ui import browser, sidebar
from tests.app.conftest import APP, open_page, single_rules


class Browser:
    """One browser's cookie jar for the rules: what the app wrote, sent again when a page is opened."""

    def __init__(self, monkeypatch, kept: str | None = None):
        self.kept, self.sent, self.writes = kept, kept, []
        monkeypatch.setattr(browser, "cookie", lambda name: self.sent if name == sidebar.RULES_COOKIE else None)
        monkeypatch.setattr(browser, "keep_cookie", self.keep)

    def keep(self, name, value, seconds):
        assert name == sidebar.RULES_COOKIE and seconds >= 300 * 24 * 3600
        browser._SAFE.fullmatch(value) or pytest.fail(f"not a cookie value: {value!r}")
        self.kept = value
        self.writes.append(value)

    def open(self, page: str = "pages/home.py", query: dict | None = None) -> AppTest:
        """A reload: a new session, sent the cookie as the browser holds it now."""
        self.sent = self.kept
        at = AppTest.from_file(APP, default_timeout=60)
        for key, value in (query or {}).items():
            at.query_params[key] = value
        at.run()
        return open_page(at, page)


def playing(at: AppTest) -> str:
    return next(c.value for c in at.sidebar.caption if c.value.startswith("Playing:"))


def test_a_reload_keeps_kvitlach_and_the_practice_table_deals_it(monkeypatch):
    jar = Browser(monkeypatch)
    at = jar.open()
    at.sidebar.selectbox(key="rules.preset").set_value("Kvitlach").run()
    assert jar.kept == "kvitlach"
    at = jar.open("pages/play.py")  # the family reloads the practice table
    assert at.session_state["rules.current"] == KVITLACH and playing(at) == "Playing: **Kvitlach**"
    at.button(key="play.start").click().run()
    assert not at.exception and at.session_state["play.table"].state.rules == KVITLACH


def test_single_house_rules_survive_a_reload_too(monkeypatch):
    jar = Browser(monkeypatch)
    at = jar.open()
    at.sidebar.selectbox(key="rules.preset").set_value("Kvitlach").run()
    single_rules(at).radio(key="rules.pack").set_value(24).run()
    before = at.session_state["rules.current"]
    assert before.copies == 2 and before.name == "Kvitlach with house rules"
    at = jar.open("pages/rules.py")
    assert at.session_state["rules.current"] == before
    at = open_page(at, "pages/advisor.py")  # and from page to page after it
    assert at.session_state["rules.current"] == before


def test_a_change_back_to_the_rules_the_browser_sent_is_kept_too(monkeypatch):
    jar = Browser(monkeypatch, kept="kvitlach")
    at = jar.open()
    at.sidebar.selectbox(key="rules.preset").set_value("Quitlok").run()
    at.sidebar.selectbox(key="rules.preset").set_value("Kvitlach").run()
    assert jar.writes[-1] == "kvitlach"
    at.sidebar.selectbox(key="rules.preset").set_value("Quitlok").run()
    assert jar.open().session_state["rules.current"] == QUITLOK


def test_a_new_visitor_starts_on_quitlok_and_no_cookie_is_written_for_nothing(monkeypatch):
    jar = Browser(monkeypatch)
    at = jar.open()
    at = open_page(at, "pages/variants.py")
    assert at.session_state["rules.current"] == QUITLOK and jar.writes == []


@pytest.mark.parametrize("kept", ["", "poker", "kvitlach-", "kvitlach-9", "quitlok-" + "2" * 11, "x" * 200])
def test_a_cookie_the_app_did_not_write_is_ignored(monkeypatch, kept):
    at = Browser(monkeypatch, kept=kept).open()
    assert not at.exception and at.session_state["rules.current"] == QUITLOK


def test_a_link_wins_over_another_tradition_kept_but_a_reload_of_it_keeps_changes(monkeypatch):
    jar = Browser(monkeypatch, kept="quitlok-21111110100")
    at = jar.open(query={"rules": "kvitlach"})
    assert at.session_state["rules.current"] == KVITLACH  # the link's tradition, as whoever sent it meant
    single_rules(at).toggle(key="rules.max_bet").set_value(False).run()
    changed = at.session_state["rules.current"]
    at = jar.open(query={"rules": "kvitlach"})  # a reload: the address still says ?rules=kvitlach
    assert at.session_state["rules.current"] == changed


def test_every_choice_of_the_sidebar_comes_back_from_its_code():
    keys = list(sidebar._widget_values(QUITLOK))
    choices = {"rules.pack": [24, 48], "rules.twelve": list(sidebar._TWELVES),
               "rules.betting": [sidebar._BET_ANY_TIME, sidebar._BET_FIRST]}
    for preset in PRESETS:
        for combo in itertools.product(*(choices.get(k, [False, True]) for k in keys)):
            values = {"rules.preset": preset, **dict(zip(keys, combo, strict=True))}
            code = sidebar.rules_code(values)
            assert browser._SAFE.fullmatch(code) and sidebar.values_from_code(code) == values, code
