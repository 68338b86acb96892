"""The Play page, driven through its buttons as a learner would."""

import re
from dataclasses import replace
from html import escape as html_escape

import pytest

from quitlok import KVITLACH, QUITLOK
from quitlok import events as ev
from quitlok.bots import bold, cautious
from quitlok.coach import banker_coach, coach
from quitlok.errors import TooLarge
from quitlok.game import (
    BANKER,
    STAKE,
    Blot,
    Draw,
    StakeBank,
    Stand,
    Stay,
    action_label,
    apply_action,
    new_game,
)
from quitlok.narration import YOU
from quitlok.practice import PracticeTable
from quitlok.ui.style import chips
from tests.app.conftest import html_text, open_page, texts, top_numbers

MAX_CLICKS = 300


def start(at, rules="Quitlok", **settings):
    at = open_page(at, "pages/play.py")
    if rules != "Quitlok":
        at.sidebar.selectbox(key="rules.preset").set_value(rules).run()
    for key, value in settings.items():
        widget = at.get("slider") + at.get("number_input") + at.get("radio") + at.get("selectbox")
        next(w for w in widget if w.key == key).set_value(value)
    at.run()
    at.button(key="play.start").click().run()
    assert not at.exception
    return at


def deal_until_you_play(at):
    """Start new games with the same settings until the learner is not the first banker (who never bets)."""
    for _ in range(50):
        if table(at).state.banker != table(at).human:
            return at
        click(at, "play.start")
    pytest.fail("the learner drew the bank fifty times")


def table(at):
    return at.session_state["play.table"]


def drawn(at, key):
    """The button `key` as drawn now: the table's moves end their keys in the table's version (a tap names the
    screen it was on: quitlok/ui/move_bar.py), "play.do.blot.7" for "play.do.blot"."""
    return next(b for b in at.button if b.key == key or (b.key.rsplit(".", 1)[0] == key and b.key[-1].isdigit()))


def click(at, key):
    drawn(at, key).click().run()
    assert not at.exception, at.exception


def buttons(at):
    """The buttons open now, by their keys without the version (the bar draws a move not open disabled)."""
    return {b.key.rsplit(".", 1)[0] if b.key.startswith("play.do.") and b.key[-1].isdigit() else b.key
            for b in at.button if b.key and not b.disabled}


def label(at, key):
    return drawn(at, key).label


def html(at) -> str:
    """Our own markup on the page (the seats round the table, the cards, the hand-over panel)."""
    return "\n".join(str(h.value) for h in at.html)


def hand_over_text(at) -> str:
    """The hand-over panel's sentence ("Hand 1 of Bella's bank is over: ..."), or "" when none shows."""
    return next((line.lstrip("⚑ ") for line in html_text(at).splitlines() if " is over: " in line), "")


def advance(at, *, prefer=("play.skip", "play.do.stay", "play.do.stand", "play.do.keepbank", "play.do.keep",
                           "play.do.stakebank", "play.do.draw")):
    """Press the first offered button of `prefer`: move play on without betting."""
    click(at, next(key for key in prefer if key in buttons(at)))


def test_before_a_game_the_page_explains_and_offers_a_start(app):
    at = open_page(app, "pages/play.py")
    assert "play.start" in buttons(at)
    assert "Next move" in texts(at) and "Skip to my turn" in texts(at)


def test_a_whole_hand_through_the_buttons_ends_with_the_hand_over_panel(app):
    at = start(app, **{"play.computers": 2})
    chips = table(at).state.chips()
    bet_placed = False
    for _ in range(MAX_CLICKS):
        if table(at).hand_ended and any(status.kind for status in table(at).state.last_status):
            break
        if "play.do.bet" in buttons(at) and not bet_placed:
            click(at, "play.do.bet")
            bet_placed = True
        else:
            advance(at, prefer=("play.next", "play.do.stay", "play.do.stand", "play.do.keepbank", "play.do.keep",
                                "play.do.stakebank", "play.do.draw"))
    else:
        pytest.fail("no hand ended")
    s = table(at).state
    assert s.chips() == chips
    words = hand_over_text(at)
    assert re.search(r"Hand 1 of (\w+'s|your) bank is over: you ", words), words
    assert "is over" in html(at) or all(name in html(at) for name in s.players if name != YOU)


def test_skip_stops_at_the_end_of_every_hand_and_shows_how_it_went(app):
    at = start(app, **{"play.computers": 3})
    seen_ends = 0
    for _ in range(MAX_CLICKS):
        t = table(at)
        if t.hand_ended and any(status.kind for status in t.state.last_status):
            seen_ends += 1
            assert hand_over_text(at).startswith("Hand "), "the panel shows the ended hand"
            # and on a phone, where the panel is a long scroll above the moves, its words above the next turn
            assert html_text(at).count(hand_over_text(at)) == 2 and "ql-phone-only-over" in html(at)
            if seen_ends == 2:
                break
        else:
            assert not hand_over_text(at), "no panel while a hand goes on"
        advance(at)
    else:
        pytest.fail("skipping never reached the end of two hands")
    advance(at)  # the next click goes on, and the panel goes once play has moved on
    assert bool(hand_over_text(at)) == (table(at).hand_ended
                                        and any(status.kind for status in table(at).state.last_status))


def test_you_stake_your_bank_and_draw_or_stand(app):
    at = start(app, **{"play.computers": 1, "play.first": "Me", "play.chips": 20, "play.bank": 10})
    s = table(at).state
    assert s.banker == table(at).human and s.phase == STAKE
    assert "The bank comes to you" in texts(at)
    amount = at.number_input(key="play.stake")
    assert (amount.min, amount.max, amount.value) == (10, 20, 10)
    assert label(at, "play.do.stakebank") == "Stake a bank of 10"
    assert "the more the players may bet against you" in texts(at).lower()
    assert "at least the agreed opening bank, 10" in texts(at)
    amount.set_value(15).run()
    assert label(at, "play.do.stakebank") == "Stake a bank of 15"
    click(at, "play.do.stakebank")
    assert table(at).state.bank == 15 and table(at).state.purses[table(at).human] == 5
    for _ in range(MAX_CLICKS):
        if table(at).state.phase == BANKER and table(at).humans_turn:
            break
        keys = buttons(at)
        click(at, "play.do.keepbank" if "play.do.keepbank" in keys else "play.next")
    else:
        pytest.fail("the computer player never left a stake open for the banker")
    assert {"play.do.draw", "play.do.stand"} & buttons(at)
    assert "You are the banker" in texts(at)
    click(at, "play.hint")
    assert_banker_hint(at)
    s = table(at).state
    advice = banker_coach(s)
    choice = "stand" if "play.do.stand" in buttons(at) else "draw"
    click(at, f"play.do.{choice}")
    assert any(isinstance(e, ev.Stood | ev.BankerDrew) and e.seat == table(at).human for e in table(at).state.events)
    # the decision is priced for the bank, as the Hint priced it
    said = " ".join(str(e.value) for e in [*at.success, *at.warning])
    named = action_label(s, Stand() if choice == "stand" else Draw())
    if advice.values[advice.best] - advice.values[choice] < 0.005:
        assert f"{named}: the best play for the bank here." in said
    else:
        assert f"{named} was about {advice.values[advice.best] - advice.values[choice]:.2f} chips worse for the bank" \
            in said


def assert_banker_hint(at):
    """The Hint gives the banker's exact draw-or-stand, as quitlok.bank_odds works it out for this table."""
    s = table(at).state
    advice = banker_coach(s)
    panel = texts(at)
    best = action_label(s, Draw() if advice.best == "draw" else Stand())
    lead = "Best now" if len(advice.values) > 1 else "You must now"
    assert f"{lead}: {best}" in panel and f"{chips(advice.values[advice.best])} for the bank" in panel
    assert advice.facts in panel
    for choice, value in advice.values.items():
        assert len(advice.values) == 1 or \
            f"{action_label(s, Draw() if choice == 'draw' else Stand())}: {chips(value)}" in panel
    open_seats = [seat for seat, stake in enumerate(s.stakes) if stake and seat != s.banker]
    assert panel.count(f"beats your {advice.value} now: ") == len(open_seats)
    for seat in open_seats:
        assert f"{s.players[seat]}, stake {s.stakes[seat]}: beats your" in panel
    assert "How the advisor weighs the players' hidden cards" in panel


def test_the_hint_tells_a_kvitlach_banker_when_he_must_draw(app):
    at = start(app, "Kvitlach", **{"play.computers": 2, "play.first": "Me", "play.chips": 20, "play.bank": 10})
    click(at, "play.do.stakebank")
    for _ in range(MAX_CLICKS):
        s = table(at).state
        if s.phase == BANKER and table(at).humans_turn and s.value(s.banker) < 17:
            break
        keys = buttons(at)
        if s.phase == BANKER and table(at).humans_turn:
            click(at, "play.do.stand")
        else:
            click(at, "play.do.keepbank" if "play.do.keepbank" in keys else
                  "play.do.stakebank" if "play.do.stakebank" in keys else "play.next")
    else:
        pytest.fail("the learner never banked below 17 against an open stake")
    click(at, "play.hint")
    assert_banker_hint(at)
    assert list(banker_coach(table(at).state).values) == ["draw"]
    assert "The rules make you draw below 17" in texts(at)


def test_only_legal_bets_are_offered(app):
    at = deal_until_you_play(start(app, **{"play.computers": 3, "play.chips": 30, "play.bank": 5}))
    for _ in range(MAX_CLICKS):
        if "play.do.bet" in buttons(at):
            break
        advance(at)
    s = table(at).state
    amount = at.number_input(key="play.bet")
    assert amount.max == s.bet_room(table(at).human) <= s.bank - s.open_stakes


def test_the_kvitlach_setup_agrees_a_maximum_bet_that_limits_the_bets(app):
    at = open_page(app, "pages/play.py")
    assert "play.max_bet" not in {w.key for w in at.number_input}, "Quitlok has no agreed maximum"
    at.sidebar.selectbox(key="rules.preset").set_value("Kvitlach").run()
    maximum = at.number_input(key="play.max_bet")
    assert maximum.value == KVITLACH.default_max_bet(10) == 2
    at.number_input(key="play.bank").set_value(16).run()
    assert at.number_input(key="play.max_bet").value == KVITLACH.default_max_bet(16) == 4, "it follows the bank"
    at.number_input(key="play.max_bet").set_value(3).run()
    at.number_input(key="play.bank").set_value(12).run()
    assert at.number_input(key="play.max_bet").value == 3, "once the learner set it, it stays"
    at.number_input(key="play.chips").set_value(30).run()
    click(at, "play.start")
    deal_until_you_play(at)
    assert table(at).state.max_bet == 3
    assert "The maximum bet: 3 chips." in html_text(at)
    for _ in range(MAX_CLICKS):
        if "play.do.bet" in buttons(at):
            break
        advance(at)
    assert at.number_input(key="play.bet").max <= 3
    assert "maximum bet: 3 chips" in texts(at)


def test_computer_bankers_stand_only_on_totals_the_rules_allow(app):
    at = open_page(app, "pages/play.py")
    assert at.selectbox(key="play.stands_on").options == [
        "each style's own total", "15 or more", "16 or more", "17 or more", "18 or more"]
    at.sidebar.selectbox(key="rules.preset").set_value("Kvitlach").run()
    assert at.selectbox(key="play.stands_on").options == ["each style's own total", "17 or more", "18 or more"]


def test_the_styles_are_described_by_their_numbers_in_the_setup_and_at_the_seats(app):
    at = open_page(app, "pages/play.py")
    setup = texts(at)
    for player in (cautious(0), bold(0)):
        assert player.describe(QUITLOK) in setup
    at = start(at, **{"play.computers": 3, "play.style": "mixed"})
    seats = html(at)
    for _seat, player in table(at).computers:
        assert player.describe(QUITLOK) in seats
    assert not re.search(r"· (cautious|bold|best play)\b", seats), "a style's name alone says too little"


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


def scripted(at, state, player=cautious):
    """Put a scripted game on the table, with computer players of one style, and open the page."""
    human = state.players.index(YOU)
    computers = tuple((s, player(s)) for s in range(len(state.players)) if s != human)
    at.session_state["play.table"] = PracticeTable(state=state, human=human, computers=computers)
    return open_page(at, "pages/play.py")


def test_a_kvitlach_hand_where_button_caption_and_hint_name_the_same_action(app):
    # You are dealt 5, bet 1, draw a 6 (11), call elvaroon and raise 1 with the protected card, a 9: 20
    state = new_game(KVITLACH, ["Bella", YOU, "Chaim"], banker=0, bank=8, purses=20, stock=[5, 9, 10, 6, 9], seed=3)
    at = scripted(app, state, player=bold)
    assert state.max_bet == 2 and "The maximum bet: 2 chips." in texts(at)
    assert label(at, "play.do.bet") == "Bet 1" and "**Bet 1**: Kvitlach: place your one bet" in texts(at)
    click(at, "play.do.bet")
    assert label(at, "play.do.draw") == "Draw a card"
    click(at, "play.do.draw")
    assert label(at, "play.do.aluvun") == "Call elvaroon" and "**Call elvaroon**: " in texts(at)
    assert "Call aluvun" not in texts(at)
    click(at, "play.do.aluvun")
    assert "Call elvaroon: the best play here." in at.success[0].value or "Call elvaroon cost" in at.warning[0].value
    assert label(at, "play.do.bet") == "Raise 1"
    assert "**Raise 1**: You called elvaroon: raise your bet now" in texts(at)
    assert "maximum bet: 2 chips" in texts(at)
    click(at, "play.hint")
    panel = texts(at)
    coaching = coach(table(at).state, table(at).banker_stands_on)
    assert f"Best now: {action_label(table(at).state, coaching.best)}" in panel
    assert any(c.value.startswith("Raise 1: ") or " · Raise 1: " in c.value for c in at.caption)
    assert "Bet 1" not in panel and "Suggested: Bet" not in panel
    assert "assuming Bella, the banker, draws until reaching 17 or more" in panel, "bold stands on 15; the rules say 17"
    assert "You called elvaroon: if the next card is an 11 you may send it back" in panel
    assert "Calling elvaroon first" not in panel, "the call is made: the hint does not offer it again"
    click(at, "play.do.bet")
    note = (at.success or at.warning)[0].value
    assert note.startswith("Raise 1"), note
    assert table(at).state.hands[1] == (5, 6, 9) and table(at).state.stakes[1] == 2
    click(at, "play.do.stay")
    for _ in range(MAX_CLICKS):
        if table(at).hand_ended:
            break
        advance(at, prefer=("play.next",))
    assert "Hand 1 of Bella's bank is over: you " in hand_over_text(at)
    assert "you won 2 with 20" in hand_over_text(at) or "you lost 2 with 20" in hand_over_text(at)


def test_a_blot_says_what_it_risks_with_and_without_a_stake(app):
    state = new_game(QUITLOK, ["Bella", YOU, "Chaim"], banker=0, bank=10, purses=20, stock=[6, 9, 3, 5, 11, 4])
    at = scripted(app, state)
    caption = "\n".join(c.value for c in at.caption)
    assert "With nothing staked it can't lose you anything" in caption
    click(at, "play.hint")
    coaching = coach(table(at).state, 17)
    assert coaching.values[Blot()] >= 0, "with nothing staked a blot's value cannot be negative"
    click(at, "play.do.bet")  # 6 and 5: a stake of 1
    caption = "\n".join(c.value for c in at.caption)
    assert "can't lose you anything" not in caption
    assert "**Blot (free face-up card)**: A free face-up card; everyone sees it. It costs nothing, but it counts in " \
           "your hand: if it takes you over 21 you are bust and lose your stake of 1." in caption


def test_the_learner_rejects_a_protected_eleven(app):
    state = new_game(QUITLOK, ["Bella", YOU, "Chaim"], banker=0, bank=10, purses=20, stock=[6, 9, 3, 5, 11, 4])
    at = scripted(app, state)
    click(at, "play.do.bet")  # 6 and 5
    assert "play.do.aluvun" in buttons(at) and "play.do.stay" in buttons(at)
    assert label(at, "play.do.aluvun") == "Call aluvun"
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
    assert s.purses[1] == 20 and s.banker == 0 and ev.Retired(1, 7, bank=10) in s.events
    assert "you (banker) retired and took the bank" in hand_over_text(at)


def test_game_over_is_shown_with_a_way_to_play_again(app):
    state = new_game(QUITLOK, ["Bella", YOU], banker=0, bank=10, purses=[10, 3], stock=[10, 3, 8, 10, 5])
    at = scripted(app, state)
    at.number_input(key="play.bet").set_value(3).run()
    click(at, "play.do.bet")  # all 3 chips on 10 + 8: more than half the purse, which the table asks about first
    assert "play.do.stay" in buttons(at) and "**Bet 3 chips of your 3?**" in " ".join(texts(at).split())
    click(at, "play.sure")
    click(at, "play.do.stay")
    for _ in range(5):  # the banker draws 10 and 5: 18, and ties go to the banker
        if table(at).state.is_over:
            break
        click(at, "play.next")
    assert table(at).state.is_over and table(at).state.purses == (13, 0)
    assert "Game over" in texts(at) and "play.again" in buttons(at)
    assert "Hand 1 of Bella's bank is over: you lost 3 with 18; Bella (banker) ended on 18." in hand_over_text(at)
    click(at, "play.again")
    assert not table(at).state.is_over


def test_the_hint_runs_the_advisor_on_the_learners_real_position(app):
    state = new_game(QUITLOK, ["Bella", YOU, "Chaim"], banker=0, bank=10, purses=20, stock=[6, 9, 3, 5, 11, 4])
    at = scripted(app, state)
    click(at, "play.do.bet")  # 6 and 5, a stake of 1
    click(at, "play.hint")
    expected = coach(table(at).state, 17)
    best = action_label(table(at).state, expected.best)
    assert f"Best now: {best}" in texts(at) and best == "Call aluvun"
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
    assert note.startswith("Stay was about") and f"{coaching.cost(Stay()):.2f} chips worse" in note
    assert "than the best play, Call aluvun" in note
    kept = at.session_state["progress"]  # kept for the Review page: the position and every option's value
    mistake = next(m for m in kept.mistakes if m.chosen == "Stay")
    assert kept.decisions == 2 and mistake.hand == (6, 5) and mistake.best == "Call aluvun"
    assert mistake.cost == pytest.approx(coaching.cost(Stay()), abs=1e-5)


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
    assert f"Best now: {action_label(table(at).state, expected.best)}" in panel
    assert "Best: draw" not in panel, "the hint speaks of the bet, not of drawing without one"
    assert "Your cards count 5." in panel


def test_one_card_is_one_card(app):
    state = new_game(QUITLOK, ["Bella", YOU, "Chaim"], banker=0, bank=10, purses=20, stock=[6, 9, 3, 5, 11, 4])
    state = apply_action(state, Stay())  # your 6 is thrown in: one card face up under the stock
    at = scripted(app, state)
    assert "Face up under the stock: 1 card\n" in html_text(at) + "\n"
    state = replace(state, stock=state.stock[:1])
    at = scripted(at, state)
    assert top_numbers(at)["Stock (cards)"] == "1"


def test_the_seats_show_the_banker_s_left_and_right_and_the_order_of_play(app):
    state = new_game(QUITLOK, ["Bella", "Chaim", YOU, "Dina"], banker=1, bank=10, purses=20, seed=4)
    at = scripted(app, state)
    seats = html(at)
    assert "banker&#x27;s left · plays 1st" in seats or "banker's left · plays 1st" in seats  # you, on Chaim's left
    assert re.search(r"Bella.*banker(&#x27;|')s right · plays 3rd", seats, re.S)
    assert "clockwise</b> this hand · when the bank passes, it goes to the right: to <bdi>Bella</bdi>" in seats
    assert 'class="ql-seat ql-me' in seats


def test_the_log_keeps_this_hand_and_folds_the_earlier_ones(app):
    state = new_game(QUITLOK, ["Bella", YOU, "Chaim"], banker=0, bank=10, purses=20, seed=2)
    for _ in range(3):  # three hands where everybody stays without a stake
        while state.hands_dealt < 4 and state.to_act is not None:
            before = state.hands_dealt
            state = apply_action(state, Stay())
            if state.hands_dealt != before:
                break
    assert state.hands_dealt == 4
    at = scripted(app, state)
    log = html_text(at).split("\n")
    assert [x for x in log if re.fullmatch(r"Hand \d of Bella's bank \(bank 10\)", x)] == [
        "Hand 3 of Bella's bank (bank 10)", "Hand 2 of Bella's bank (bank 10)", "Hand 1 of Bella's bank (bank 10)"]
    heading = log.index("Hand 4 of Bella's bank (bank 10), newest first:")
    current = log[heading + 1:log.index("Hand 3 of Bella's bank (bank 10)")]
    assert not any("Hand 3" in line for line in current)
    assert current[-1].startswith("Hand 4 of Bella's bank"), "oldest line of this hand last"
    body = "".join(str(h.proto.body) for h in at.get("html")).replace("<bdi>", "").replace("</bdi>", "")
    assert f"<b>{html_escape(current[0])}</b>" in body, "newest first, in bold (each name in <bdi>)"
    assert body.count("<details") == 3, "each earlier hand folded away"


def test_when_the_bank_comes_to_you_you_see_how_the_hand_ended_and_choose_a_stake(app):
    state = new_game(QUITLOK, ["Bella", YOU, "Chaim"], banker=2, bank=10, purses=20, stock=[5, 10, 6, 11],
                     choose_stake=True)
    state = apply_action(apply_action(state, StakeBank(10)), Stay())  # Chaim banks 10; Bella throws in her 5
    at = scripted(app, state)
    at.number_input(key="play.bet").set_value(10).run()
    click(at, "play.do.bet")  # 10 and a framed 11: 21 breaks the bank, which passes to the right, to you
    assert table(at).state.phase == STAKE and table(at).humans_turn
    assert hand_over_text(at) == ("Hand 1 of Chaim's bank is over: you made 21 and won 10; "
                                  "Chaim (banker) did not play; Bella threw the cards in, with nothing staked.")
    assert "The bank comes to you" in texts(at) and label(at, "play.do.stakebank") == "Stake a bank of 10"
    assert at.number_input(key="play.stake").max == 30


def test_a_banker_draw_too_large_to_weigh_says_why_there_is_no_price(app, monkeypatch):
    """Where the open hands' face-down cards are too many to weigh exactly (quitlok.errors.TooLarge), the
    banker's Hint says so, not the words about retiring."""
    import quitlok.coach

    def too_large(*args, **kwargs):
        raise TooLarge("too many ways")

    at = start(app, **{"play.computers": 1, "play.first": "Me", "play.chips": 20, "play.bank": 10})
    click(at, "play.do.stakebank")
    for _ in range(MAX_CLICKS):
        if table(at).state.phase == BANKER and table(at).humans_turn:
            break
        click(at, "play.do.keepbank" if "play.do.keepbank" in buttons(at) else "play.next")
    else:
        pytest.fail("the computer player never left a stake open for the banker")
    monkeypatch.setattr(quitlok.coach, "banker_advice", too_large)
    click(at, "play.hint")
    panel = texts(at)
    assert "Too many face-down cards are open against you" in panel
    assert "not retiring" not in panel


def test_a_second_tap_on_the_same_screen_makes_no_second_move(app):
    """A double tap: the second press comes from the screen drawn before the first one's answer. Each move names
    the table's version it was drawn for (quitlok/ui/move_bar.py), so the second makes no move and says so calmly.
    (AppTest's click reads the newest tree: the old screen's widget states are kept and sent twice, as
    tests/app/test_together_page.py does for a room.)"""
    state = new_game(QUITLOK, ["Bella", YOU], banker=0, bank=10, purses=20, stock=[6, 9, 3, 5, 11, 4, 2, 2])
    at = scripted(app, state)
    drawn(at, "play.do.blot").click()
    old_screen = at._tree.get_widget_states()
    at._run(old_screen)
    assert not at.exception, at.exception
    at._run(old_screen)
    assert not at.exception, at.exception
    assert sum(isinstance(e, ev.BlotAsked) for e in table(at).state.events) == 1, "one blot, not two"
    assert "The table had changed before this tap arrived" in " ".join(texts(at).split())


@pytest.mark.parametrize("seed", range(6))
def test_the_phone_s_row_of_the_learner_s_cards_gives_their_total(seed):
    """The row of the learner's cards in the phone's move bar says what they make ("= 20"), as the sentence above
    it does: a phone need not scroll up for it (a 12 counted as 9 where that is better)."""
    from quitlok.practice import start_table
    from quitlok.ui import table as view

    table = start_table(QUITLOK, computers=2, seat=seed % 3, chips=30, bank=8, seed=seed)
    s = table.state
    if not s.hands[table.human]:
        assert view.phone_hand_html(table) == ""
        return
    row = re.sub(r"<[^>]+>", " ", view.phone_hand_html(table).split("</style>")[-1])
    assert f"= {s.value(table.human)}" in " ".join(row.split())


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH, replace(QUITLOK, blots=False)], ids=lambda r: r.name)
def test_a_move_drawn_disabled_says_why_where_one_reason_holds(rules):
    """The bar draws a move that is not open greyed out, in its place; under the bar the call at 11 says when it can
    be called (only while the learner's cards cannot count 11, a card can still come, and the call was not made),
    Stay after the call says that the card comes first, and a bet under rules that take bets at any time says that
    the stake has reached its limit: exactly those, worked out here from the table, over random games."""
    import random as chance

    from quitlok.actions import Aluvun, Bet, Stay
    from quitlok.game import TURN, apply_action, legal_actions, new_game
    from quitlok.hand import can_call_aluvun
    from quitlok.i18n import use
    from quitlok.rules import call_word
    from quitlok.ui import move_bar
    from quitlok.ui.table import help_text

    seen = set()
    with use("en"):
        for seed in range(40):
            s = new_game(rules, ["Ann", "Ben", "Cy"], banker=seed % 3, bank=8, purses=6, seed=seed)
            rng = chance.Random(seed)
            for _ in range(80):
                if s.is_over:
                    break
                legal = legal_actions(s)
                said = set(move_bar._closed_words(s))
                expected = set()
                if s.phase == TURN and s.cards_available:
                    me = s.to_act
                    word = call_word(rules.aluvun_word)
                    if (rules.aluvun and not s.aluvun_called and not can_call_aluvun(s.hands[me], rules)
                            and (s.stakes[me] or not rules.bet_first)):
                        expected.add(f"**{action_label(s, Aluvun())}**: " + help_text("aluvun_closed").format(
                            word=word))
                    if s.aluvun_called and Stay() not in legal:
                        expected.add(f"**{action_label(s, Stay())}**: " + help_text("stay_after_call").format(
                            word=word))
                    if not rules.bet_first and not any(isinstance(a, Bet) for a in legal):
                        expected.add("**Bet**: " + help_text("bet_closed"))
                assert said == expected, (s.phase, s.hands[s.to_act] if s.to_act is not None else None)
                seen |= {key for key in ("aluvun_closed", "stay_after_call", "bet_closed")
                         if any(help_text(key).split("{")[0] in line for line in said)}
                s = apply_action(s, rng.choice(legal))
    assert seen >= ({"aluvun_closed"} if rules.bet_first else {"aluvun_closed", "bet_closed"}), seen
