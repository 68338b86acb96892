"""The Play page, driven through its buttons as a learner would."""

import pytest

from quitlok.game import BANKER
from tests.app.conftest import open_page, texts

MAX_CLICKS = 300


def start(at, **settings):
    at = open_page(at, "pages/play.py")
    for key, value in settings.items():
        widget = at.get("slider") + at.get("number_input") + at.get("radio") + at.get("selectbox")
        next(w for w in widget if w.key == key).set_value(value)
    at.run()
    at.button(key="play.start").click().run()
    assert not at.exception
    return at


def table(at):
    return at.session_state["play.table"]


def click(at, key):
    at.button(key=key).click().run()
    assert not at.exception, at.exception


def buttons(at):
    return {b.key for b in at.button}


def advance(at, *, prefer=("play.skip", "play.do.stay", "play.do.stand", "play.do.keepbank", "play.do.keep")):
    """Press the first offered button of `prefer`: move play on without betting."""
    click(at, next(key for key in prefer if key in buttons(at)))


def test_before_a_game_the_page_explains_and_offers_a_start(app):
    at = open_page(app, "pages/play.py")
    assert "play.start" in buttons(at)
    assert "Next move" in texts(at) or "Skip to my turn" in texts(at)


def test_a_whole_hand_through_the_buttons(app):
    at = start(app, **{"play.computers": 2})
    first = table(at).state
    chips = first.chips()
    bet_placed = False
    for _ in range(MAX_CLICKS):
        s = table(at).state
        if (s.banker, s.hand_number) != (first.banker, first.hand_number) or s.is_over:
            break
        if "play.do.bet" in buttons(at) and not bet_placed:
            click(at, "play.do.bet")
            bet_placed = True
        else:
            advance(at, prefer=("play.next", "play.do.stay", "play.do.stand", "play.do.keepbank", "play.do.keep"))
    s = table(at).state
    assert (s.banker, s.hand_number) != (first.banker, first.hand_number) or s.is_over
    assert s.chips() == chips
    log = texts(at)
    assert "You have the turn." in log or "You take the bank" in log
    assert any(word in log for word in ("Hand 2", "bank passes", "Game over"))


def test_you_can_bank_and_draw_or_stand(app):
    at = start(app, **{"play.computers": 1, "play.first": "Me"})
    assert table(at).state.banker == table(at).human
    for _ in range(MAX_CLICKS):
        if table(at).state.phase == BANKER and table(at).humans_turn:
            break
        keys = buttons(at)
        if "play.do.keepbank" in keys:
            click(at, "play.do.keepbank")
        else:
            click(at, "play.next")
    else:
        pytest.fail("the computer player never left a stake open for the banker")
    assert {"play.do.draw", "play.do.stand"} & buttons(at)
    assert "You are the banker" in texts(at)
    click(at, "play.do.stand" if "play.do.stand" in buttons(at) else "play.do.draw")
    assert any("You stand on" in e or "You draw" in e for e in table(at).state.events)


def test_only_legal_bets_are_offered(app):
    at = start(app, **{"play.computers": 3, "play.chips": 30, "play.bank": 5})
    for _ in range(MAX_CLICKS):
        if "play.do.bet" in buttons(at):
            break
        advance(at)
    s = table(at).state
    amount = at.number_input(key="play.bet")
    assert amount.max == s.bet_room(table(at).human) <= 5


def test_a_bank_larger_than_the_chips_is_refused_with_a_message(app):
    at = start(app, **{"play.chips": 5, "play.bank": 9})
    assert "play.table" not in at.session_state
    assert "cannot be more than each player's chips" in at.error[0].value


def test_changed_house_rules_wait_for_a_new_game(app):
    at = start(app, **{"play.computers": 1})
    at.sidebar.selectbox(key="rules.preset").set_value("Kvitlach").run()
    assert not at.exception
    assert "apply from your next new game" in texts(at)
    assert table(at).state.rules.name == "Quitlok"
