"""One test per rule of SPEC section 2, each on a scripted stock.

Unless told otherwise: three seats, Ann (0) banks 10, everybody has 20 chips;
the first hand is dealt clockwise to Ben (1), Cy (2) and last to Ann.
"""

from dataclasses import replace

import pytest

from quitlok import KVITLACH, QUITLOK, IllegalAction, InvalidCards
from quitlok import events as ev
from quitlok.errors import InvalidSetup
from quitlok.game import (
    BANKER,
    PROTECTED,
    RETIRE,
    Aluvun,
    Bet,
    Blot,
    Draw,
    Keep,
    KeepBank,
    Reject,
    Retire,
    SeatStatus,
    Stand,
    Stay,
    apply_action,
    draw_for_banker,
    legal_actions,
    new_game,
)
from quitlok.narration import log
from tests.engine.helpers import game, play

# --- the deal and the direction of play ---------------------------------------------


def test_deal_starts_left_of_the_banker_and_ends_with_him():
    s = game([5, 6, 7])
    assert s.hands == ((7,), (5,), (6,))
    assert (s.to_act, s.direction, s.hand_number) == (1, 1, 1)
    assert s.face_up == ((False,), (False,), (False,))
    assert s.purses == (10, 20, 20) and s.bank == 10


def test_quitlok_hands_alternate_direction():
    s = play(game([5, 6, 7, 8, 9, 10]), Stay(), Stay())
    assert (s.hand_number, s.direction) == (2, -1)
    assert s.hands == ((10,), (9,), (8,))  # dealt to Cy, then Ben, then Ann
    assert s.to_act == 2
    s = play(s, Stay(), Stay())
    assert (s.hand_number, s.direction, s.to_act) == (3, 1, 1)


def test_kvitlach_always_plays_clockwise():
    s = play(game([5, 6, 7, 8, 9, 10], KVITLACH), Stay(), Stay())
    assert (s.hand_number, s.direction, s.to_act) == (2, 1, 1)


def test_first_banker_is_taken_as_given():
    s = game([5, 6, 7], banker=2)
    assert s.banker == 2 and s.hands == ((5,), (6,), (7,)) and s.to_act == 0


# --- a player's turn: blot, bet, stay -------------------------------------------


def test_blot_is_a_free_face_up_card():
    s = play(game([5, 6, 7, 4]), Blot())
    assert s.hands[1] == (5, 4) and s.face_up[1] == (False, True)
    assert s.purses[1] == 20 and s.stakes[1] == 0 and s.to_act == 1


def test_every_bet_comes_with_a_face_down_card():
    s = play(game([5, 6, 7, 4, 3]), Bet(2), Bet(1))
    assert s.hands[1] == (5, 4, 3) and s.face_up[1] == (False, False, False)
    assert s.stakes[1] == 3 and s.purses[1] == 17 and s.bank == 10
    assert ev.BetPlaced(1, 2, stake=2, with_card=True, raised=False) in s.events


def test_open_stakes_of_all_players_may_not_exceed_the_bank():
    s = play(game([5, 6, 7, 4, 3]), Bet(6), Stay())
    assert max(a.n for a in legal_actions(s) if isinstance(a, Bet)) == 4
    with pytest.raises(IllegalAction, match="at most 4"):
        apply_action(s, Bet(5))


def test_a_bet_may_not_exceed_the_purse():
    s = game([5, 6, 7], purses=[20, 3, 20])
    assert [a.n for a in legal_actions(s) if isinstance(a, Bet)] == [1, 2, 3]


def test_a_player_who_bet_the_whole_bank_may_blot_but_not_bet():
    s = play(game([5, 6, 7, 4]), Bet(10))
    assert Blot() in legal_actions(s) and not any(isinstance(a, Bet) for a in legal_actions(s))


def test_bust_ends_the_turn_and_the_stake_goes_to_the_bank():
    s = play(game([10, 6, 7, 9, 12]), Bet(2), Blot())  # 10 + 9 + 12 (or 9) is over 21
    assert s.bank == 12 and s.purses[1] == 18 and s.stakes[1] == 0
    assert s.hands[1] == () and s.under == (10, 9, 12)
    assert s.to_act == 2 and s.seat_status[1].kind == "bust"


def test_exactly_21_is_paid_at_once():
    s = play(game([10, 6, 7, 11]), Bet(3))
    assert s.purses[1] == 23 and s.bank == 7 and s.stakes[1] == 0
    assert s.hands[1] == () and s.to_act == 2
    assert ev.TwentyOne(1, stake=3) in s.events


def test_two_framed_cards_are_paid_as_21():
    s = play(game([2, 6, 7, 11]), Bet(4))
    assert s.purses[1] == 24 and s.bank == 6


def test_21_by_blots_alone_wins_nothing():
    s = play(game([10, 6, 7, 11]), Blot())
    assert s.purses[1] == 20 and s.bank == 10 and s.to_act == 2


def test_stay_with_a_stake_keeps_it_open():
    s = play(game([10, 6, 7, 8]), Bet(3), Stay())
    assert s.stakes[1] == 3 and s.hands[1] == (10, 8) and s.to_act == 2
    assert s.seat_status[1] == SeatStatus("stayed", stake=3)


def test_stay_without_a_stake_throws_the_cards_in():
    s = play(game([10, 6, 7]), Stay())
    assert s.hands[1] == () and s.under == (10,) and s.to_act == 2


# --- aluvun ----------------------------------------------------------------------


def test_aluvun_lets_the_player_reject_an_11():
    s = play(game([6, 6, 7, 5, 11, 4]), Bet(1), Aluvun())
    assert Stay() not in legal_actions(s)  # the call is for the next card
    s = play(s, Blot())
    assert s.phase == PROTECTED and legal_actions(s) == [Reject(), Keep()]
    s = play(s, Reject())
    assert s.hands[1] == (6, 5, 4) and s.face_up[1] == (False, False, True)
    assert 11 in s.under and s.stakes[1] == 1 and s.to_act == 1


def test_the_card_after_a_rejected_11_stands_whatever_it_is():
    s = play(game([6, 6, 7, 5, 11, 11]), Bet(1), Aluvun(), Bet(1), Reject())
    assert s.hands[1] == () and s.bank == 12  # 6 + 5 + 11 is bust: no second protection


def test_a_kept_11_counts():
    s = play(game([6, 6, 7, 5, 11]), Bet(1), Aluvun(), Blot(), Keep())
    assert s.seat_status[1].kind == "bust" and s.bank == 11


def test_aluvun_protects_one_card_only():
    s = play(game([6, 6, 7, 5, 3, 11]), Bet(1), Aluvun(), Blot())
    assert not s.aluvun_called and s.hands[1] == (6, 5, 3)
    s = play(s, Blot())
    assert s.phase != PROTECTED and s.seat_status[1].kind == "bust"


def test_aluvun_counts_a_twelve_as_nine():
    s = play(game([12, 6, 7, 2]), Bet(1))
    assert Aluvun() in legal_actions(s)


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH], ids=["quitlok", "kvitlach"])
def test_aluvun_is_not_offered_on_a_lone_11(rules):
    s = game([11, 6, 7, 5], rules)
    if rules.bet_first:
        s = play(s, Bet(1))
    assert Aluvun() not in legal_actions(s)
    with pytest.raises(IllegalAction):
        apply_action(s, Aluvun())


def test_aluvun_on_a_lone_11_is_offered_when_the_framed_pair_is_not_21():
    s = game([11, 6, 7, 5], replace(QUITLOK, framed_pair_21=False))
    assert Aluvun() in legal_actions(s)


def test_kvitlach_names_the_call_elvaroon():
    from quitlok.game import action_label
    s = play(game([6, 6, 7, 5], KVITLACH, bank=20), Bet(1), Draw())
    assert action_label(s, Aluvun()) == "Call elvaroon"
    s = play(s, Aluvun())
    assert ev.AluvunCalled(1, "elvaroon") in s.events
    assert action_label(s, Bet(2)) == "Raise 2" and action_label(s, Draw()) == "Draw a card"
    q = game([6, 6, 7, 5])
    assert action_label(q, Aluvun()) == "Call aluvun" and action_label(q, Bet(2)) == "Bet 2"


def test_aluvun_only_at_eleven():
    s = play(game([6, 6, 7, 4]), Bet(1))
    assert Aluvun() not in legal_actions(s)
    with pytest.raises(IllegalAction, match="Call aluvun is not allowed now for Ben"):
        apply_action(s, Aluvun())


# --- the banker's play and settlement --------------------------------------------


def test_banker_plays_early_when_the_stakes_cover_the_bank():
    s = play(game([10, 6, 3, 5]), Bet(10), Stay())
    assert s.phase == BANKER and s.to_act == 0 and s.waiting == (2,)
    assert s.face_up[0] == (True,)


def test_banker_plays_after_everyone_and_higher_player_wins():
    s = play(game([10, 6, 3, 8, 10, 4]), Bet(2), Stay(), Stay())
    assert s.phase == BANKER
    s = play(s, Draw(), Draw(), Stand())  # Ann: 3 + 10 + 4 = 17 against Ben's 18
    assert s.purses[1] == 22 and s.bank == 8 and s.last_status[1] == SeatStatus("won", stake=2, value=18)


def test_ties_go_to_the_banker():
    s = play(game([10, 6, 3, 8, 10, 5]), Bet(2), Stay(), Stay(), Draw(), Draw(), Stand())
    assert s.purses[1] == 18 and s.bank == 12
    assert ev.Settled(1, 18, 2, won=False, tie=True) in s.events


def test_banker_bust_pays_every_open_stake():
    s = play(game([10, 9, 3, 8, 8, 12, 11]), Bet(2), Stay(), Bet(3), Stay(), Draw(), Draw())
    assert s.purses[1:] == (22, 23) and s.bank == 5  # 3 + 12 + 11: bust, ends by itself


def test_banker_turn_ends_by_itself_at_21():
    s = play(game([10, 9, 3, 8, 7, 10, 8]), Bet(2), Stay(), Bet(3), Stay(), Draw(), Draw())
    assert s.purses[1:] == (18, 17) and s.bank == 15 and s.hand_number == 2


def test_quitlok_banker_may_stand_on_anything():
    s = play(game([10, 6, 3, 8]), Bet(2), Stay(), Stay())
    assert Stand() in legal_actions(s) and Draw() in legal_actions(s)


def test_kvitlach_banker_must_draw_on_16_or_less():
    s = play(game([10, 6, 3, 8, 10, 4], KVITLACH), Bet(2), Draw(), Stay(), Stay())
    assert legal_actions(s) == [Draw()]
    s = play(s, Draw())  # 13
    assert legal_actions(s) == [Draw()]
    s = play(s, Draw())  # 17
    assert Stand() in legal_actions(s)


def test_no_open_stake_means_no_banker_play_and_a_new_hand():
    s = play(game([10, 6, 3, 1, 2, 3]), Stay(), Stay())
    assert s.hand_number == 2 and s.phase != BANKER
    assert ev.NothingToSettle() in s.events


def test_hand_goes_on_after_a_mid_hand_settlement():
    s = play(game([10, 6, 3, 5, 10, 5, 9]), Bet(10), Stay())  # Ben 15 covers the bank
    s = play(s, Draw(), Draw(), Stand())  # Ann 18 wins; Cy has not played
    assert s.bank == 20 and s.purses[1] == 10
    assert s.hands[0] == (9,) and s.to_act == 2 and s.hand_number == 1
    assert s.hands[2] == (6,)


def test_a_broken_bank_passes_to_the_right():
    s = play(game([10, 6, 3, 11]), Bet(10))  # Ben's 21 takes the whole bank
    assert s.banker == 2 and s.purses == (10, 30, 10) and s.bank == 10 and s.hand_number == 1
    assert s.direction == 1 and s.to_act == 0  # Cy's first hand, clockwise from Cy


def test_a_seat_without_chips_sits_out_and_is_skipped_when_the_bank_passes():
    s = game([10, 5, 3, 11], seats=4, purses=[20, 20, 20, 0])
    assert s.hands[3] == () and s.seat_status[3].sitting_out
    s = play(s, Bet(10))
    assert s.banker == 2


# --- stock, discards and reshuffle ---------------------------------------------


def test_thrown_in_cards_go_face_up_under_the_stock():
    s = play(game([10, 6, 3]), Stay(), Stay())
    assert s.under[:3] == (10, 6, 3)


def test_the_last_face_down_card_is_shuffled_with_the_face_up_cards():
    s = game([5, 6, 7])
    s = replace(s, stock=s.stock[:1], under=s.stock[1:])
    s = play(s, Blot())
    assert s.shuffles == 1 and s.under == () and len(s.stock) == 20
    assert any(isinstance(e, ev.Reshuffled) for e in s.events)


# --- changing the bank ----------------------------------------------------------


def _three_quiet_hands(fourth_banker_card: int, *more: int):
    """Hands 1-3 where nobody bets, then hand 4 (anticlockwise: Cy 8, Ben 9, Ann's chosen card)."""
    stock = [1, 1, 3, 3, 5, 5, 6, 6, 8, 8, 9, fourth_banker_card, *more]
    return play(game(stock), *[Stay()] * 6)


def test_banker_may_retire_on_a_4_or_7_from_the_fourth_hand():
    s = _three_quiet_hands(7)
    assert s.hand_number == 4 and s.phase == RETIRE and legal_actions(s) == [Retire(), KeepBank()]
    s = play(s, Retire())
    assert s.purses[0] == 20 and s.banker == 2 and s.bank == 10 and s.hand_number == 1
    assert s.direction == 1 and s.to_act == 0  # the new banker deals his first hand clockwise


def test_banker_keeps_the_bank_and_play_goes_on():
    s = play(_three_quiet_hands(4), KeepBank())
    assert s.banker == 0 and s.to_act == 2


def test_no_retiring_before_the_fourth_hand():
    s = game([7, 7, 4])
    assert s.phase != RETIRE and s.to_act == 1


def test_no_retiring_on_other_cards():
    s = _three_quiet_hands(10)
    assert s.phase != RETIRE and s.to_act == 2


def test_retire_chance_on_the_new_card_after_a_mid_hand_settlement():
    s = _three_quiet_hands(2, 12, 10, 9, 7)
    s = play(s, Bet(10), Stay())  # Cy: 8 + 12 = 20 covers the bank; Ben still to play
    s = play(s, Draw(), Draw())  # Ann: 2 + 10 + 9 = 21 wins; her new card is a 7
    assert s.bank == 20 and s.hands[0] == (7,) and s.hand_number == 4
    assert s.phase == RETIRE and s.waiting == (1,)
    s = play(s, KeepBank())
    assert s.to_act == 1


def test_kvitlach_bank_is_funded_by_every_player():
    s = game([5, 6, 7], KVITLACH, purses=[20, 20, 20])
    assert s.bank == 10 + 5 + 5 and s.purses == (10, 15, 15)
    assert s.sitting_out == (False, False, False)


@pytest.mark.parametrize("purse", [3, 5])
def test_kvitlach_a_player_who_cannot_pay_his_share_and_bet_pays_nothing_and_sits_out(purse):
    s = game([5, 6, 7], KVITLACH, purses=[20, 20, purse])
    assert s.bank == 10 + 5 and s.purses == (10, 15, purse)  # Cy keeps every chip
    assert s.sitting_out == (False, False, True) and s.hands[2] == ()
    assert ev.SatOut(2, share=5) in s.events
    assert s.seat_status[2] == SeatStatus("out: share")
    s = play(s, Stay())  # Ben throws in; the next hand is dealt without Cy too
    assert s.hand_number == 2 and s.hands[2] == () and s.purses[2] == purse


@pytest.mark.parametrize(("purse", "share"), [(3, 1), (1, 0), (7, 3), (9, 4)])
def test_kvitlach_a_new_banker_with_less_than_the_opening_bank_gets_half_of_what_he_staked(purse, share):
    # Ann can stake only `purse` of the agreed 10; Ben and Cy each add half of that, rounded down
    s = game([5, 6, 7], KVITLACH, bank=10, purses=[purse, 20, 20])
    assert s.bank == purse + 2 * share and s.purses == (0, 20 - share, 20 - share)
    assert s.sitting_out == (False, False, False)
    assert sum(s.purses) + s.bank == purse + 40


def test_a_choosing_banker_is_offered_only_stakes_someone_can_still_play_against():
    from quitlok.game import STAKE, StakeBank
    # Kvitlach: Ben and Cy have 7 chips; a stake of 14 would ask 7 of each and leave nobody a chip to bet
    s = new_game(KVITLACH, ["Ann", "Ben", "Cy"], banker=0, bank=10, purses=[40, 7, 7], seed=7, choose_stake=True)
    assert s.phase == STAKE and legal_actions(s) == [StakeBank(n) for n in range(10, 14)]
    s = apply_action(s, StakeBank(13))
    assert s.bank == 13 + 6 + 6 and s.purses == (27, 1, 1) and s.sitting_out == (False, False, False)
    # nothing more to choose than the opening bank: he stakes it at once
    s = new_game(KVITLACH, ["Ann", "Ben"], banker=0, bank=11, purses=[40, 6], seed=7, choose_stake=True)
    assert s.phase != STAKE and s.bank == 11 + 5


def test_kvitlach_a_table_where_nobody_could_play_is_refused():
    with pytest.raises(InvalidSetup, match="Nobody could play against the bank"):
        new_game(KVITLACH, ["Ann", "Ben", "Cy"], banker=0, bank=4, purses=[10, 2, 2], seed=1)
    with pytest.raises(InvalidSetup, match="no player other than the banker has chips"):
        new_game(QUITLOK, ["Ann", "Ben"], banker=0, bank=4, purses=[10, 0], seed=1)


def test_kvitlach_when_everyone_who_joined_is_broke_the_banker_takes_the_bank_and_it_passes():
    # Ben (5 chips) pays nothing and sits out; Cy (7) pays 5, bets his last 2 and busts.
    s = game([9, 10, 8, 6], KVITLACH, bank=10, purses=[20, 5, 7])
    assert s.sitting_out == (False, True, False) and s.purses == (10, 5, 2) and s.bank == 15
    s = play(s, Bet(2), Draw(), Draw())
    assert ev.BankTakenBack(0, bank=17) in s.events
    # Ben banks all he has, 5; Ann joins with half of those 5, rounded down (SPEC section 2)
    assert s.banker == 1 and s.purses == (27 - 2, 0, 0) and s.bank == 5 + 2
    assert ev.SharePaid(0, share=2) in s.events
    assert s.chips() == 20 + 5 + 7 and s.to_act is not None


def test_maximum_bet_is_agreed_in_chips_and_can_be_changed():
    s = new_game(KVITLACH, ["Ann", "Ben", "Cy"], banker=0, bank=10, purses=20, seed=1)
    assert s.max_bet == 2 and s.bank == 20  # a quarter of the banker's stake, not of the whole bank
    s = new_game(KVITLACH, ["Ann", "Ben", "Cy"], banker=0, bank=10, purses=20, seed=1, max_bet=6)
    assert s.max_bet == 6 and Bet(6) in legal_actions(s) and Bet(7) not in legal_actions(s)
    with pytest.raises(InvalidSetup, match="no maximum bet"):
        new_game(QUITLOK, ["Ann", "Ben"], banker=0, bank=10, purses=20, max_bet=3)
    with pytest.raises(InvalidSetup, match="maximum bet"):
        new_game(KVITLACH, ["Ann", "Ben"], banker=0, bank=10, purses=20, max_bet=0)


def test_kvitlach_bets_first_without_a_card():
    s = game([5, 6, 7, 4], KVITLACH, bank=8)  # maximum bet: a quarter of 8
    assert legal_actions(s) == [Bet(1), Bet(2), Stay()]
    s = play(s, Bet(2))
    assert s.hands[1] == (5,) and s.stakes[1] == 2
    assert legal_actions(s) == [Draw(), Stay()]
    s = play(s, Draw())
    assert s.hands[1] == (5, 4) and s.face_up[1] == (False, False)
    assert not any(isinstance(a, Bet) for a in legal_actions(s))


def test_kvitlach_maximum_bet():
    s = game([5, 6, 7], KVITLACH, bank=8)
    with pytest.raises(IllegalAction, match="maximum bet 2"):
        apply_action(s, Bet(3))


def test_elvaroon_allows_a_raise_with_the_protected_card():
    s = game([6, 6, 7, 5, 11, 10], KVITLACH, bank=20)  # maximum bet 5
    s = play(s, Bet(2), Draw(), Aluvun())
    assert legal_actions(s) == [Draw(), Bet(1), Bet(2), Bet(3)]
    s = play(s, Bet(3))
    assert s.phase == PROTECTED and s.stakes[1] == 5
    s = play(s, Reject())  # 6 + 5 + 10 = 21, paid at once
    assert s.purses[1] == 20 - 10 - 5 + 10 and s.stakes[1] == 0


def test_kvitlach_with_a_24_card_pack():
    rules = replace(KVITLACH, copies=2)
    with pytest.raises(InvalidCards, match="pack holds only 2"):
        game([5, 5, 5], rules)


# --- the end of the game ------------------------------------------------------


def test_game_ends_when_fewer_than_two_seats_have_chips():
    s = game([10, 3, 8, 10, 5], seats=2, purses=[10, 3])
    s = play(s, Bet(3), Stay(), Draw(), Draw(), Stand())  # tie: Ben loses his last chips
    assert s.to_act is None and s.is_over and legal_actions(s) == []
    assert s.purses == (13, 0) and s.bank == 0
    assert isinstance(s.events[-1], ev.GameOver)
    with pytest.raises(IllegalAction, match="game is over"):
        apply_action(s, Stay())


# --- contract details ---------------------------------------------------------


def test_apply_action_leaves_its_input_unchanged():
    s = game([10, 6, 3, 8])
    before = (s.hands, s.purses, s.stakes, s.stock, s.events)
    after = apply_action(s, Bet(2))
    assert (s.hands, s.purses, s.stakes, s.stock, s.events) == before and after != s


def test_illegal_actions_raise_and_change_nothing():
    s = game([10, 6, 3])
    with pytest.raises(IllegalAction, match="Stand is not allowed now for Ben"):
        apply_action(s, Stand())
    with pytest.raises(IllegalAction, match="at least 1"):
        apply_action(s, Bet(0))
    assert issubclass(IllegalAction, ValueError)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"players": ["A"]}, "at least two seats"),
    ({"players": ["A", "A"]}, "name of its own"),
    ({"banker": 5}, "banker must be one of"),
    ({"bank": 0}, "opening bank must be a whole number from 1"),
    ({"purses": [1, 2, 3]}, "3 purses for 2 seats"),
    ({"purses": [0, 5]}, "no chips to stake a bank"),
])
def test_bad_setups_are_refused(kwargs, message):
    args = {"players": ["A", "B"], "banker": 0, "bank": 5, "purses": 10} | kwargs
    with pytest.raises(InvalidSetup, match=message):
        new_game(QUITLOK, **args)


# --- the log's words (quitlok.narration): the English is as it was ---------------------------------------------


def test_events_tell_every_step_in_plain_words():
    s = play(game([5, 6, 3, 4, 8, 10, 2]), Bet(2), Blot(), Stay(), Stay(), Draw(), Draw(), Stand())
    text = "\n".join(log(s))
    for line in ["Ann takes the bank and stakes 10.", "Ben asks for a blot.", "Ben gets an 8.",
                 "Ann turns up a 3", "Ann stands on"]:
        assert line in text


def test_the_log_speaks_to_you():
    s = new_game(QUITLOK, ["Ann", "You"], banker=0, bank=5, purses=10, stock=[4, 3, 5], seed=1)
    s = play(s, Bet(1))
    assert "You bet 1 (stake 1) and take a face-down card." in log(s)


def test_the_highest_card_chooses_the_first_banker():
    for seed in range(50):
        banker, rounds = draw_for_banker(QUITLOK, 6, seed)
        last = rounds[-1]
        assert last[banker] == max(last.values()) and list(last.values()).count(last[banker]) == 1
        for earlier, later in zip(rounds, rounds[1:], strict=False):
            top = max(earlier.values())
            assert set(later) == {seat for seat, card in earlier.items() if card == top}


def test_without_blots_aluvun_needs_room_for_a_bet():
    rules = replace(QUITLOK, blots=False)
    s = play(game([6, 9, 3, 5], rules), Bet(10))  # 6 and 5, the whole bank bet: no card can follow a call
    assert Aluvun() not in legal_actions(s) and legal_actions(s) == [Stay()]
    s = play(game([6, 9, 3, 5], rules), Bet(2))
    assert Aluvun() in legal_actions(s)
    assert legal_actions(play(s, Aluvun())) == [Bet(n) for n in range(1, 9)]


# --- the end of a hand is kept, for the table to show -----------------------------------------------


def test_the_cards_and_results_of_a_finished_hand_are_kept():
    s = game([10, 9, 10, 8, 7])  # Ben 10, Cy 9, Ann 10; Ben bets and gets 8: 18
    s = play(s, Bet(2), Stay(), Stay())  # Cy throws in; Ann turns up 10 and draws 7: 17
    assert s.hands_dealt == 1 and s.hands_finished == 0 and s.phase == BANKER
    s = play(s, Draw(), Stand())
    assert s.hands_dealt == 2 and s.hands_finished == 1 and s.hand_number == 2
    assert s.last_cards[1] == (10, 8) and s.last_cards[2] == (9,) and s.last_cards[0] == (10, 7)
    assert s.last_status[:2] == (SeatStatus("banker", results=(17,)), SeatStatus("won", stake=2, value=18))


def test_the_log_speaks_to_you_in_good_grammar():
    s = new_game(QUITLOK, ["You", "Bella"], banker=0, bank=10, purses=20, stock=[5, 6], seed=1)
    assert "Hand 1 of your bank (bank 10): dealt clockwise, starting with Bella." in log(s)
    s = new_game(QUITLOK, ["Bella", "You"], banker=0, bank=10, purses=20, stock=[5, 6], seed=1)
    assert "Hand 1 of Bella's bank (bank 10): dealt clockwise, starting with you." in log(s)


# --- a new banker may choose his stake ----------------------------------------------------------------


def test_a_new_banker_chooses_his_stake_where_the_table_says_so():
    from quitlok.game import STAKE, StakeBank
    s = new_game(QUITLOK, ["Ann", "Ben", "Cy"], banker=0, bank=10, purses=[14, 20, 20], stock=[5, 6, 7],
                 seed=7, choose_stake=True)
    assert s.phase == STAKE and s.to_act == 0 and s.hands == ((), (), ())
    assert legal_actions(s) == [StakeBank(n) for n in range(10, 15)]
    with pytest.raises(IllegalAction):
        apply_action(s, StakeBank(9))
    s = play(s, StakeBank(12))
    assert s.bank == 12 and s.purses[0] == 2 and s.hands == ((7,), (5,), (6,)) and s.to_act == 1
    assert ev.BankStaked(0, bank=12) in s.events


def test_a_new_banker_with_no_more_than_the_opening_bank_stakes_it_without_a_choice():
    s = new_game(QUITLOK, ["Ann", "Ben"], banker=0, bank=10, purses=[10, 20], seed=7, choose_stake=True)
    assert s.bank == 10 and s.phase != "stake"


def test_a_banker_who_settled_early_is_remembered_with_the_cards_he_played():
    s = game([7, 9, 5, 10, 8, 6, 3], bank=6)  # Ben 7, Cy 9, Ann 5; Ben bets the whole bank and gets 10
    s = play(s, Bet(6), Stay())
    assert s.phase == BANKER
    s = play(s, Draw(), Draw(), Stand())  # Ann: 5, 8, 6 = 19 beats Ben's 17; Cy still to play
    assert s.seat_status[0] == SeatStatus("banker", results=(19,), new_card=True) and s.hands[0] == (3,)
    s = play(s, Stay())  # Cy throws in: nothing open, the hand ends
    assert s.last_status[0] == SeatStatus("banker", results=(19,), new_card=True) and s.last_cards[0] == (5, 8, 6)


def test_while_a_new_banker_chooses_his_stake_the_table_already_faces_clockwise():
    from quitlok.game import STAKE
    s = new_game(QUITLOK, ["Ann", "Ben", "Cy"], banker=0, bank=10, purses=[14, 20, 20], seed=7, choose_stake=True)
    assert s.phase == STAKE and s.direction == 1 and s.hand_number == 0
    assert ev.BankOffered(0, least=10, most=14) in s.events
