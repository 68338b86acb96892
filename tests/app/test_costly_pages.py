"""A question too large to answer within the budget gets the app's calm words on the page (issue 22, item 5)."""

import quitlok.bank_odds as bank_odds
from quitlok import lab as the_lab
from quitlok.costly import SharedAnswers, away
from quitlok.errors import Unavailable
from quitlok.ui import content, content_sections, lab_charts
from tests.app.conftest import open_page, texts
from tests.app.test_advisor_page import as_banker, pick
from tests.app.test_lab_page import PAGE as LAB
from tests.app.test_lab_page import run


def lab_words() -> dict:
    return content_sections("lab/lab")

SIX_DOWN = ", ".join("?" * 6)


def test_the_advisor_says_a_table_is_too_large_rather_than_guess_and_a_rerun_says_it_at_once(app, apps_budget):
    at = open_page(app, "pages/advisor.py")
    at.sidebar.selectbox(key="rules.preset").set_value("Kvitlach").run()
    at = pick(as_banker(at, *[(1, SIX_DOWN, 0)] * 7), 1)
    words = content("advisor/too_large")
    assert words.split(":")[0] in texts(at) and not at.exception and not at.error
    assert not at.main.header  # no "Stand" or "Draw a card": no guess
    at.number_input(key="advisor.open.0.stake").set_value(2).run()  # the same cards, another stake
    assert words.split(":")[0] in texts(at) and not at.exception


# --- the server busy: expensive questions are worked out in worker processes (quitlok.costly.away) -------------


def busy(*_args, **_kwargs):
    """quitlok.costly.away when the server's worker has stopped."""
    raise Unavailable("the server could not work this out just now (its worker stopped); try again")


def test_the_advisor_says_calmly_when_the_banker_s_question_could_not_be_worked_out_and_asks_again(app,
                                                                                                   monkeypatch):
    monkeypatch.setattr(bank_odds, "ANSWERS", SharedAnswers("test", 16))
    monkeypatch.setattr(bank_odds, "away", busy)
    at = open_page(app, "pages/advisor.py")
    at = pick(as_banker(at, (2, "?, 5", 0)), 10, 6)
    assert content("advisor/unavailable").split(".")[0] in texts(at)
    assert not at.exception and not at.error and not at.main.header  # no guess
    monkeypatch.setattr(bank_odds, "away", away)  # the worker is back: the same position is answered
    at.number_input(key="advisor.open.0.stake").set_value(2).run()
    assert content("advisor/unavailable").split(".")[0] not in texts(at) and at.main.header


def test_the_lab_says_calmly_when_its_run_or_edges_could_not_be_worked_out(app, monkeypatch):
    monkeypatch.setattr(the_lab, "EDGES", SharedAnswers("test edges", 16))
    monkeypatch.setattr(the_lab, "away", busy)
    at = open_page(app, LAB)
    said = lab_words()["unavailable"].split(":")[0]
    assert said in texts(at) and not at.exception and not at.error  # the exact table could not be worked out
    at = run(at, **{"lab.hands": 1_000})
    assert not at.get("plotly_chart") and not at.exception and not at.error
    assert texts(at).count(said) == 2  # the table, and the run
    monkeypatch.setattr(the_lab, "away", away)
    at = run(at, **{"lab.hands": 1_000})
    assert said not in texts(at) and len(at.get("plotly_chart")) == 3


def _charts(at) -> list:
    return [chart.proto.spec for chart in at.get("plotly_chart")]


def test_the_lab_draws_a_run_s_charts_once_and_never_shows_one_run_s_charts_for_another(app, monkeypatch):
    drawn = []
    drawing = lab_charts.running_average_chart
    monkeypatch.setattr(lab_charts, "running_average_chart", lambda *a, **k: drawn.append(1) or drawing(*a, **k))
    at = run(open_page(app, LAB), **{"lab.hands": 1_000})
    first = _charts(at)
    at.radio(key="lab.player").set_value("cautious").run()  # a rerun, the run's results still shown
    at.radio(key="lab.player").set_value("best").run()
    assert _charts(at) == first and len(drawn) == 1  # drawn once
    at = run(at)  # the same run again: the same hands, its results stand
    assert _charts(at) == first and len(drawn) == 1
    for choices in ({"lab.seed": 1}, {"lab.hands": 10_000}, {"lab.stands_on": 18}, {"lab.rules": "Kvitlach"}):
        before = _charts(at)
        at = run(at, **choices)  # another run: its own charts, drawn for it
        assert _charts(at) != before, choices
    assert len(drawn) == 5
