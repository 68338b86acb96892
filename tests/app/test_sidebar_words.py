"""The sidebar's words, and its single rules drawn only while their expander is open."""

from streamlit.testing.v1 import AppTest

from quitlok.rules import KVITLACH, QUITLOK
from quitlok.ui import sidebar
from tests.app.conftest import APP, single_rules


def test_the_sidebar_says_elvaroon_under_kvitlach(app):
    assert single_rules(app).toggle(key="rules.aluvun").label.startswith("Aluvun at 11")
    app.sidebar.selectbox(key="rules.preset").set_value("Kvitlach").run()
    assert single_rules(app).toggle(key="rules.aluvun").label.startswith("Elvaroon at 11")


def test_single_rules_are_drawn_only_when_asked_and_kept_while_folded(app):
    """The single rules cost a page load nothing until their expander opens; a rule changed there holds
    after the expander is closed again and on every other page."""
    assert [toggle.key for toggle in app.sidebar.toggle] == ["ui.projector"]
    single_rules(app).toggle(key="rules.blots").set_value(False).run()
    app.session_state["rules.open"] = False
    app.run()
    assert [toggle.key for toggle in app.sidebar.toggle] == ["ui.projector"]
    app.switch_page("pages/advisor.py").run()
    app.run()
    assert not app.exception
    rules = app.session_state["rules.current"]
    assert rules.blots is False and rules.name == f"{QUITLOK.name} with house rules"
    assert single_rules(app).toggle(key="rules.blots").value is False


def links(at) -> list[str]:
    return [link.label for link in at.sidebar.page_link]


def test_the_history_pages_are_listed_once_their_section_opens(app):
    """The sidebar's list of pages: History's six links are drawn only while it is open, which it is as one of
    its own pages opens; the other sections' links are always there."""
    assert "Home" in links(app) and "Glossary" not in links(app)
    app.switch_page("pages/glossary.py").run()
    assert not app.exception
    assert {"Glossary", "Reference list", "Origins and names"} <= set(links(app)) and "Home" in links(app)
    app.session_state["ql-folded"] = False  # the visitor folds it on the glossary: it stays folded there
    app.run()
    assert "Glossary" not in links(app)
    app.switch_page("pages/sources.py").run()  # and opens again with another of its pages
    assert "Glossary" in links(app)


def test_the_folded_parts_of_the_sidebar_stay_as_left_from_page_to_page(app):
    """Opened by the visitor on one page, the single rules and History are still open on the next; folded
    again, they stay folded."""
    single_rules(app)
    app.session_state["ql-folded"] = True
    app.run()
    for page in ("pages/advisor.py", "pages/play.py", "pages/home.py"):
        app.switch_page(page).run()
        assert not app.exception
        assert app.session_state["rules.open"] and "rules.blots" in [t.key for t in app.sidebar.toggle], page
        assert "Glossary" in links(app), page
    app.session_state["rules.open"] = app.session_state["ql-folded"] = False
    app.run()
    app.switch_page("pages/advisor.py").run()
    assert [t.key for t in app.sidebar.toggle] == ["ui.projector"] and "Glossary" not in links(app)


def test_a_preset_chosen_while_the_rules_are_folded_shows_when_they_open():
    """A link's ?rules=kvitlach, or the preset chosen in the selectbox, sets every single rule even while their
    widgets are not drawn: opened, they show the preset."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["rules"] = "kvitlach"
    at.run()
    assert at.session_state["rules.current"] == KVITLACH
    bar = single_rules(at)
    assert bar.radio(key="rules.betting").value == sidebar._BET_FIRST and bar.toggle(key="rules.blots").disabled
    assert bar.toggle(key="rules.blots").value is KVITLACH.blots
    at.session_state["rules.open"] = False
    at.run()
    at.sidebar.selectbox(key="rules.preset").set_value("Quitlok").run()
    assert at.session_state["rules.current"] == QUITLOK
    assert single_rules(at).radio(key="rules.betting").value == sidebar._BET_ANY_TIME
    assert at.sidebar.toggle(key="rules.blots").value is True
