"""Every page loads from the app's navigation, and the shared sidebar works."""

import re

import pytest
from streamlit.testing.v1 import AppTest

from quitlok import KVITLACH, QUITLOK
from tests.app.conftest import open_page, single_rules, texts
from tests.conftest import ROOT

LISTED = re.findall(r'st\.Page\("(pages/[a-z_]+\.py)"', (ROOT / "tutorial_app.py").read_text())


def test_every_page_file_is_in_the_navigation_and_exists():
    on_disk = sorted(f"pages/{p.name}" for p in (ROOT / "pages").glob("*.py"))
    assert sorted(LISTED) == on_disk


@pytest.mark.parametrize("page", LISTED)
def test_every_page_loads_without_exception(app, page):
    at = open_page(app, page)
    assert at.sidebar.selectbox(key="rules.preset").value == "Quitlok"
    assert at.title, "every page has a title"


def test_home_sends_newcomers_and_teachers_on(app):
    page = texts(app)
    assert "New to the game?" in page and "Teaching a class?" in page


def test_rules_page_shows_the_table_rules_and_sources(app):
    at = open_page(app, "pages/rules.py")
    assert "ties go to the banker" in texts(at).lower() or "tie goes to the banker" in texts(at).lower()
    assert "pagat.com" in texts(at) and "kosher.com" in texts(at)
    table = at.table[0].value
    assert "24 cards, 2 of each number" in table.to_string()


def test_choosing_a_preset_sets_every_house_rule(app):
    app.sidebar.selectbox(key="rules.preset").set_value("Kvitlach").run()
    assert app.session_state["rules.current"] == KVITLACH
    single_rules(app).radio(key="rules.pack").set_value(24).run()
    rules = app.session_state["rules.current"]
    assert rules.copies == 2 and rules.name == "Kvitlach with house rules"
    app.sidebar.selectbox(key="rules.preset").set_value("Quitlok").run()
    assert app.session_state["rules.current"] == QUITLOK


def test_quitlok_with_a_twelve_worth_ten(app):
    single_rules(app).radio(key="rules.twelve").set_value("12, 10 or 9").run()
    assert app.session_state["rules.current"].twelve_values == (12, 10, 9)


def test_a_link_may_choose_the_rules(app):
    at = AppTest.from_file(str(ROOT / "tutorial_app.py"), default_timeout=60)
    at.query_params["rules"] = "kvitlach"
    at.run()
    assert not at.exception and at.session_state["rules.current"] == KVITLACH


def test_a_bad_link_gets_a_clear_message(app):
    at = AppTest.from_file(str(ROOT / "tutorial_app.py"), default_timeout=60)
    at.query_params["rules"] = "poker"
    at.run()
    assert not at.exception
    assert "which we don't know" in at.sidebar.warning[0].value
    assert at.session_state["rules.current"] == QUITLOK


def test_the_maximum_bet_is_agreed_in_chips(app):
    toggle = single_rules(app).toggle(key="rules.max_bet")
    assert toggle.label == "A maximum bet, agreed in chips before the game"
    assert "quarter of the banker's opening stake" in toggle.help and "practice table" in toggle.help
    assert toggle.value is False and app.session_state["rules.current"].agreed_max_bet is False
    toggle.set_value(True).run()
    rules = app.session_state["rules.current"]
    assert rules.agreed_max_bet and rules.name == "Quitlok with house rules"
    app.sidebar.selectbox(key="rules.preset").set_value("Kvitlach").run()
    assert app.sidebar.toggle(key="rules.max_bet").value is True
    assert app.session_state["rules.current"] == KVITLACH
