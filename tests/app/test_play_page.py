"""The Play page, driven through its buttons as a learner would."""

import pytest

from quitlok import KVITLACH, QUITLOK
from quitlok.actions import describe
from quitlok.bots import cautious
from quitlok.coach import coach
from quitlok.game import BANKER, YOU, Stay, apply_action, new_game
from quitlok.practice import PracticeTable
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
    assert amount.max == s.bet_room(table(at).human) <= s.bank - s.open_stakes


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


# --- scripted positions: each decision the learner can face renders and works ---------------


def scripted(at, state):
    """Put a scripted game on the table, with cautious computer players, and open the page."""
    human = state.players.index(YOU)
    computers = tuple((s, cautious(s)) for s in range(len(state.players)) if s != human)
    at.session_state["play.table"] = PracticeTable(state=state, human=human, computers=computers)
    return open_page(at, "pages/play.py")


def test_the_learner_rejects_a_protected_eleven(app):
    state = new_game(QUITLOK, ["Bella", YOU, "Chaim"], banker=0, bank=10, purses=20, stock=[6, 9, 3, 5, 11, 4])
    at = scripted(app, state)
    click(at, "play.do.bet")  # 6 and 5
    assert "play.do.aluvun" in buttons(at) and "play.do.stay" in buttons(at)
    click(at, "play.do.aluvun")
    assert "play.do.stay" not in buttons(at), "after calling aluvun a card must come"
    click(at, "play.do.blot")
    assert {"play.do.reject", "play.do.keep"} <= buttons(at)
    assert "You called aluvun and were dealt an 11" in texts(at)
    click(at, "play.do.reject")
    assert table(at).state.hands[1] == (6, 5, 4)


def test_the_learner_as_banker_may_retire(app):
    state = new_game(QUITLOK, ["Bella", YOU, "Chaim"], banker=1, bank=10, purses=20,
                     stock=[1, 1, 3, 3, 5, 5, 6, 6, 8, 8, 9, 7])
    for _ in range(6):  # three quiet hands; the fourth gives the banker a 7
        state = apply_action(state, Stay())
    at = scripted(app, state)
    assert {"play.do.retire", "play.do.keepbank"} <= buttons(at)
    assert "you may retire with the bank of 10" in texts(at)
    click(at, "play.do.retire")
    s = table(at).state
    assert s.purses[1] == 20 and s.banker == 0 and "You show a 7, retire and take the bank of 10." in s.events


def test_game_over_is_shown_with_a_way_to_play_again(app):
    state = new_game(QUITLOK, ["Bella", YOU], banker=0, bank=10, purses=[10, 3], stock=[10, 3, 8, 10, 5])
    at = scripted(app, state)
    at.number_input(key="play.bet").set_value(3).run()
    click(at, "play.do.bet")  # all 3 chips on 10 + 8
    click(at, "play.do.stay")
    for _ in range(5):  # the banker draws 10 and 5: 18, and ties go to the banker
        if table(at).state.is_over:
            break
        click(at, "play.next")
    assert table(at).state.is_over and table(at).state.purses == (13, 0)
    assert "Game over" in texts(at) and "play.again" in buttons(at)
    click(at, "play.again")
    assert not table(at).state.is_over


def test_the_hint_runs_the_advisor_on_the_learners_real_position(app):
    state = new_game(QUITLOK, ["Bella", YOU, "Chaim"], banker=0, bank=10, purses=20, stock=[6, 9, 3, 5, 11, 4])
    at = scripted(app, state)
    click(at, "play.do.bet")  # 6 and 5, a stake of 1
    click(at, "play.hint")
    expected = coach(table(at).state, 17)
    assert f"Best now: {describe(expected.best)}" in texts(at) and describe(expected.best) == "Call aluvun"
    assert "2 of the 22 unseen cards would bust you" in texts(at)  # the others' face-down cards are unseen too
    click(at, "play.hint")
    assert "Best now" not in texts(at), "a second press hides the hint"


def test_a_worse_decision_gets_a_note_of_what_it_cost(app):
    state = new_game(QUITLOK, ["Bella", YOU, "Chaim"], banker=0, bank=10, purses=20, stock=[6, 9, 3, 5, 11, 4])
    at = scripted(app, state)
    click(at, "play.do.bet")
    coaching = coach(table(at).state, 17)
    click(at, "play.do.stay")  # staying on 11 with a stake is poor play
    note = at.warning[0].value
    assert note.startswith("Stay cost about") and f"{coaching.cost(Stay()):.2f} chips" in note
    assert "the best was Call aluvun" in note


def test_the_best_decision_is_praised(app):
    state = new_game(QUITLOK, ["Bella", YOU, "Chaim"], banker=0, bank=10, purses=20, stock=[6, 9, 3, 5, 11, 4])
    at = scripted(app, state)
    click(at, "play.do.bet")
    click(at, "play.do.aluvun")
    assert "Call aluvun: the best play here." in at.success[0].value


def test_the_kvitlach_hint_answers_whether_to_bet(app):
    state = new_game(KVITLACH, ["Bella", YOU, "Chaim"], banker=0, bank=8, purses=20, stock=[5, 9, 3])
    at = scripted(app, state)
    click(at, "play.hint")
    expected = coach(table(at).state, 17)
    panel = texts(at)
    assert f"Best now: {describe(expected.best)}" in panel
    assert "Best: draw" not in panel, "the hint speaks of the bet, not of drawing without one"
    assert "Your cards count 5." in panel
