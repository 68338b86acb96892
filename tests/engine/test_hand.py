"""Counting a hand (SPEC section 1) and the validation of cards."""

from dataclasses import replace

import pytest

from quitlok import KVITLACH, QUITLOK, InvalidCards, hand_value
from quitlok.cards import check_cards, is_framed, make_pack
from quitlok.hand import can_call_aluvun, totals


def test_packs_hold_two_or_four_of_each_number():
    assert len(make_pack(2)) == 24 and len(make_pack(4)) == 48
    assert QUITLOK.pack.count(7) == 2 and KVITLACH.pack.count(7) == 4


def test_only_twos_and_elevens_are_framed():
    assert [r for r in range(1, 13) if is_framed(r)] == [2, 11]


@pytest.mark.parametrize(("cards", "value"), [([5, 6], 11), ([1, 10], 11), ([10, 9, 1], 20), ([7], 7)])
def test_cards_count_their_number_and_a_one_is_always_one(cards, value):
    assert hand_value(cards, QUITLOK) == value


@pytest.mark.parametrize(("cards", "value"), [([12, 5], 17), ([12, 10], 19), ([12, 12], 21), ([12, 9], 21)])
def test_quitlok_twelve_counts_twelve_or_nine(cards, value):
    assert hand_value(cards, QUITLOK) == value


@pytest.mark.parametrize(("cards", "value"), [([12, 10], 20), ([12, 8], 20), ([12, 12], 21), ([12, 12, 4], 22)])
def test_kvitlach_twelve_counts_twelve_ten_or_nine(cards, value):
    assert hand_value(cards, KVITLACH) == value


def test_twelve_is_chosen_afresh_at_every_count():
    assert hand_value([12], QUITLOK) == 12
    assert hand_value([12, 8], QUITLOK) == 20
    assert hand_value([12, 8, 2], QUITLOK) == 19


@pytest.mark.parametrize("pair", [(2, 2), (2, 11), (11, 2), (11, 11)])
def test_two_framed_first_cards_make_21_for_both_presets(pair):
    assert hand_value(pair, QUITLOK) == 21 and hand_value(pair, KVITLACH) == 21


def test_framed_cards_count_plainly_after_the_first_two():
    assert hand_value([2, 5, 11], QUITLOK) == 18
    assert hand_value([5, 2, 2], QUITLOK) == 9


def test_framed_pair_is_a_house_rule():
    assert hand_value([2, 11], replace(QUITLOK, framed_pair_21=False)) == 13


def test_a_bust_hand_counts_its_smallest_total():
    assert hand_value([10, 9, 12], QUITLOK) == 28
    assert hand_value([10, 8, 5], QUITLOK) == 23


def test_totals_list_every_way_of_counting_twelves():
    assert totals([12, 12], QUITLOK) == {24, 21, 18}
    assert totals([12], KVITLACH) == {12, 10, 9}


def test_aluvun_can_be_called_when_any_total_is_eleven():
    assert can_call_aluvun([6, 5], QUITLOK)
    assert can_call_aluvun([12, 2], QUITLOK)  # 9 + 2
    assert not can_call_aluvun([12, 2], replace(QUITLOK, aluvun=False))
    assert not can_call_aluvun([6, 4], QUITLOK)


@pytest.mark.parametrize(("cards", "message"), [
    ([0], "0 is not a card"),
    ([13], "13 is not a card"),
    (["7"], "'7' is not a card"),
    ([True], "True is not a card"),
    ([5, 5, 5], "3 cards numbered 5, but the pack holds only 2"),
])
def test_impossible_cards_raise_invalid_cards_naming_the_problem(cards, message):
    with pytest.raises(InvalidCards, match=message):
        hand_value(cards, QUITLOK)


def test_four_copies_are_fine_in_a_48_card_pack():
    assert check_cards([5, 5, 5, 5], 4) == (5, 5, 5, 5)
    assert issubclass(InvalidCards, ValueError)
