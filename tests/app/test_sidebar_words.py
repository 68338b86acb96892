"""The sidebar's words, and its single rules drawn only while their expander is open."""

from quitlok.rules import QUITLOK
from tests.app.conftest import single_rules


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


def test_the_history_pages_are_listed_once_their_section_opens(app):
    """The sidebar's list of pages: History's six links are drawn only while it is open, which it is on one of
    its own pages; the other sections' links are always there."""
    def links(at):
        return [link.label for link in at.sidebar.page_link]

    assert "Home" in links(app) and "Glossary" not in links(app)
    app.switch_page("pages/glossary.py").run()
    assert not app.exception
    assert {"Glossary", "Reference list", "Origins and names"} <= set(links(app)) and "Home" in links(app)
    app.switch_page("pages/home.py").run()
    assert "Glossary" not in links(app)
