"""How a hand ended, seat by seat (State.last_status, SeatStatus): every settlement of the hand, and a banker who
retired, on scripted stocks. quitlok.ui.table tells the hand from these, never from the log; their words are
quitlok.narration's (tests/engine/test_events.py checks them against the old engine's)."""

from dataclasses import replace

from quitlok import QUITLOK
from quitlok.game import Bet, Draw, KeepBank, Retire, SeatStatus, Stand, Stay
from tests.engine.helpers import game, play

#: Ann banks 10. Ben (10) bets all 10 and gets a 10: 20; Ann plays early on 9 and draws a 12: 21, Ben loses.
#: Her new card is an 8; Cy (5) bets 2 and gets a 9: 14; Ann draws a 6 and an 11: 25, bust, and Cy wins.
TWO_SETTLEMENTS = [10, 5, 9, 10, 12, 8, 9, 6, 11]

S = SeatStatus
#: a banker who has not played
BANKER = S("banker")
THREW_IN = S("threw in")


def two_settlements():
    return play(game(TWO_SETTLEMENTS), Bet(10), Stay(), Draw(), Bet(2), Stay(), Draw(), Draw())


def test_the_banker_s_status_keeps_every_settlement_and_each_player_s_says_which():
    state = two_settlements()
    assert state.hand_number == 2, "the hand is over"
    assert state.last_status == (S("banker", results=(21, None)), S("lost", stake=10, value=20, nth=1),
                                 S("won", stake=2, value=14, nth=2))
    assert state.last_cards[0] == (8, 6, 11), "the banker's cards at the last settlement"


def test_between_two_settlements_the_seats_say_what_happened_so_far():
    state = play(game(TWO_SETTLEMENTS), Bet(10), Stay(), Draw())
    assert state.seat_status[0] == S("banker", results=(21,), new_card=True) and state.to_act == 2
    assert state.seat_status[1] == S("lost", stake=10, value=20), "no number while there was only one settlement"


def test_one_settlement_is_told_as_before():
    # Ben bets 2 on 10 + 9 and stays; Cy throws in; Ann stands on 10 + 8: 18, Ben wins
    state = play(game([10, 5, 10, 9, 8]), Bet(2), Stay(), Stay(), Draw(), Stand())
    assert state.last_status == (S("banker", results=(18,)), S("won", stake=2, value=19), THREW_IN)


def test_an_early_settlement_and_a_new_card_not_played():
    # as TWO_SETTLEMENTS, but Cy throws in: Ann's new card is never played
    state = play(game(TWO_SETTLEMENTS), Bet(10), Stay(), Draw(), Stay())
    assert state.last_status == (S("banker", results=(21,), new_card=True), S("lost", stake=10, value=20), THREW_IN)
    assert state.last_cards[0] == (9, 12), "shown with the cards she settled with"


def test_a_broken_bank_at_the_only_settlement_needs_no_number():
    # Ben bets all 10 on 10 + 9; Ann plays early on 10 + 8 (18) and loses the whole bank
    state = play(game([10, 5, 10, 9, 8]), Bet(10), Stay(), Draw(), Stand())
    assert state.last_status[:2] == (S("banker", results=(18,)), S("won", stake=10, value=19))


def test_a_banker_who_retires_says_so_and_one_who_keeps_the_bank_does_not():
    rules = replace(QUITLOK, retire_from_hand=1)
    chance = game([5, 9, 7], rules)  # Ann (banker) is dealt a 7
    retired = play(chance, Retire())
    assert retired.last_status[0] == S("banker", retired=10) and retired.last_cards[0] == (7,)
    kept = play(chance, KeepBank(), Stay(), Stay())  # Ben and Cy throw in: nothing to settle, the hand ends
    assert kept.last_status == (BANKER, THREW_IN, THREW_IN)


def test_a_banker_who_retires_on_his_new_card_keeps_the_earlier_settlement():
    # Ben bets the whole bank on 10 + 10; Ann plays early on 9 + 12 (21) and wins; her new card, a 4, lets her
    # retire with the bank of 20
    rules = replace(QUITLOK, retire_from_hand=1)
    state = play(game([10, 6, 9, 10, 12, 4], rules), Bet(10), Stay(), Draw(), Retire())
    assert state.last_status == (S("banker", results=(21,), new_card=True, retired=20), S("lost", stake=10, value=20),
                                 S("waiting"))
    assert state.last_cards[0] == (4,), "she showed the card she retired on"


def test_three_settlements_in_one_hand():
    # Ben bets 10 on 10 + 8 and loses to Ann's 9 + 12; her new card is a 7; Cy bets 20 (the whole bank again) on
    # 10 + 9 and loses to 7 + 6 + 8; her next new card is a 4; Dov bets 2 on 5 + 11 and loses to 4 + 3 + 11
    state = game([10, 10, 5, 9, 8, 12, 7, 9, 6, 8, 4, 11, 3, 11], seats=4, purses=30)
    state = play(state, Bet(10), Stay(), Draw(), Bet(20), Stay(), Draw(), Draw(), Bet(2), Stay(), Draw(), Draw(),
                 Stand())
    assert state.last_status == (S("banker", results=(21, 21, 18)), S("lost", stake=10, value=18, nth=1),
                                 S("lost", stake=20, value=19, nth=2), S("lost", stake=2, value=16, nth=3))
