"""A question too large to answer within the budget gets the app's calm words on the page (issue 22, item 5)."""

from quitlok.ui import content
from tests.app.conftest import open_page, texts
from tests.app.test_advisor_page import as_banker, pick

SIX_DOWN = ", ".join("?" * 6)


def test_the_advisor_says_a_table_is_too_large_rather_than_guess_and_a_rerun_says_it_at_once(app):
    at = open_page(app, "pages/advisor.py")
    at.sidebar.selectbox(key="rules.preset").set_value("Kvitlach").run()
    at = pick(as_banker(at, *[(1, SIX_DOWN, 0)] * 7), 1)
    words = content("advisor/too_large")
    assert words.split(":")[0] in texts(at) and not at.exception and not at.error
    assert not at.main.header  # no "Stand" or "Draw a card": no guess
    at.number_input(key="advisor.open.0.stake").set_value(2).run()  # the same cards, another stake
    assert words.split(":")[0] in texts(at) and not at.exception
