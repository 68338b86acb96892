"""The Advisor beside the solved game (issue 27, item 4): in the spot where the equilibrium applies (Kvitlach, 48
cards, one player against the banker on a fresh pack, one chip and no room to raise) a banker's question says what
a banker at his best would do against what the player showed, and a player's question says his best play against
such a banker beside today's answer; elsewhere under Kvitlach a note says where it applies; under Quitlok
the banker's question is answered the same way (quitlok/data/quitlok_at_best.npz), the player's as before."""

from quitlok import KVITLACH, QUITLOK, at_best
from quitlok.bank_odds import OpenHand
from tests.app.conftest import open_page
from tests.app.test_advisor_page import as_banker, pick


def _kvitlach(app):
    at = open_page(app, "pages/advisor.py")
    at.sidebar.selectbox(key="rules.preset").set_value("Kvitlach").run()
    return at


def _info(at) -> str:
    return "\n".join(e.value for e in at.main.info)


def _captions(at) -> str:
    return "\n".join(e.value for e in at.main.caption)


def test_a_banker_s_question_in_the_spot_says_what_a_banker_at_his_best_does(app):
    at = pick(as_banker(_kvitlach(app), (1, "?, ?", 0)), 12, 6)
    said = at_best.advisor_banker_words(KVITLACH, [12, 6], [], [OpenHand(1, (None, None), 0)])
    assert "draws 75% of the time and stands 25%" in said
    assert said in _info(at) and not at.exception
    at.number_input(key="advisor.open.0.room").set_value(1).run()  # room to raise: not the solved game
    assert "At his best" not in _info(at)
    assert at_best.outside_words(KVITLACH) in _captions(at)


def test_a_player_s_question_in_the_spot_gives_his_best_play_against_a_banker_at_his_best(app):
    at = _kvitlach(app)
    at.number_input(key="advisor.room").set_value(0).run()
    at = pick(at, 10, 7)
    said = at_best.advisor_player_words(KVITLACH, [10, 7], [], stake=1, room=0, stock=None)
    assert said.startswith("Against a banker at his best") and said in _info(at)
    assert at.main.header[0].value  # today's answer, against a fixed banker, is still there
    at.number_input(key="advisor.max_bet").set_value(3)
    at.number_input(key="advisor.room").set_value(2).run()  # room to raise: not the solved game
    assert "Against a banker at his best" not in _info(at)
    assert at_best.outside_words(KVITLACH) in _captions(at)


def test_under_quitlok_a_player_s_question_says_nothing_of_the_solved_game(app):
    at = pick(open_page(app, "pages/advisor.py"), 10, 7)  # Quitlok's player side is not in play: nothing said
    assert "at his best" not in _info(at) + _captions(at) and not at.exception


def test_under_quitlok_a_banker_s_question_in_the_spot_says_what_a_banker_at_his_best_does(app):
    at = pick(as_banker(open_page(app, "pages/advisor.py"), (1, "?, ?", 0)), 12, 6)
    said = at_best.advisor_banker_words(QUITLOK, [12, 6], [], [OpenHand(1, (None, None), 0)])
    assert said.startswith("At his best the banker") and said in _info(at) and not at.exception
    at.number_input(key="advisor.open.0.room").set_value(1).run()  # room for more: not the solved game
    assert "At his best" not in _info(at)
    assert at_best.outside_words(QUITLOK) in _captions(at)
