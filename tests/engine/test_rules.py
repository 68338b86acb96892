"""The RuleSet: presets as SPEC section 2 lists them, house-rule changes and validation."""

from dataclasses import FrozenInstanceError, replace
from fractions import Fraction

import pytest

from quitlok import KVITLACH, QUITLOK, RuleSet
from quitlok.errors import InvalidSetup


def test_quitlok_preset():
    assert RuleSet() == QUITLOK
    assert (QUITLOK.pack_size, QUITLOK.twelve_values, QUITLOK.blots, QUITLOK.bet_first) == (24, (12, 9), True, False)
    assert QUITLOK.bank_share == 0 and not QUITLOK.agreed_max_bet and QUITLOK.banker_must_reach is None
    assert QUITLOK.alternate_direction and QUITLOK.retire_from_hand == 4 and QUITLOK.retire_cards == {4, 7}


def test_kvitlach_preset():
    assert (KVITLACH.pack_size, KVITLACH.twelve_values, KVITLACH.blots, KVITLACH.bet_first) == (48, (12, 10, 9),
                                                                                             False, True)
    assert KVITLACH.bank_share == Fraction(1, 2) and KVITLACH.agreed_max_bet
    assert KVITLACH.banker_must_reach == 17 and not KVITLACH.alternate_direction and KVITLACH.elvaroon_raise
    assert KVITLACH.default_max_bet(8) == 2 and QUITLOK.default_max_bet(8) is None


def test_rulesets_are_frozen():
    with pytest.raises(FrozenInstanceError):
        QUITLOK.copies = 4


def test_house_rules_change_single_fields():
    assert replace(QUITLOK, twelve_values=(12, 10, 9)).twelve_values == (12, 10, 9)
    assert replace(KVITLACH, copies=2).pack_size == 24


@pytest.mark.parametrize(("change", "message"), [
    ({"copies": 3}, "2 or 4 copies"),
    ({"twelve_values": (9,)}, "a 12 counts 12"),
    ({"twelve_values": (12, 11)}, "a 12 counts 12"),
    ({"bet_first": True}, "blots belong"),
    ({"elvaroon_raise": True}, "elvaroon raise"),
    ({"aluvun_word": "eleven"}, "call at 11"),
    ({"banker_must_reach": 30}, "must-draw"),
    ({"retire_cards": {13}}, "retire cards"),
])
def test_inconsistent_house_rules_are_refused(change, message):
    with pytest.raises(InvalidSetup, match=message):
        replace(QUITLOK, **change)


@pytest.mark.parametrize(("field", "value"), [
    ("name", 5), ("name", ""), ("name", "x" * 61),
    ("copies", 2.0), ("copies", True), ("copies", "2"), ("copies", 3),
    ("twelve_values", 12), ("twelve_values", "12"), ("twelve_values", (12, 9, 9)), ("twelve_values", (12, 9.0)),
    ("twelve_values", (9,)), ("twelve_values", (12, 11)),
    ("framed_pair_21", "yes"), ("agreed_max_bet", 1), ("blots", None), ("bet_first", 0), ("aluvun", "no"),
    ("elvaroon_raise", 1), ("alternate_direction", "y"),
    ("bank_share", "x"), ("bank_share", True), ("bank_share", float("nan")), ("bank_share", float("inf")),
    ("bank_share", 2), ("bank_share", -0.5),
    ("banker_must_reach", 17.5), ("banker_must_reach", True), ("banker_must_reach", 22), ("banker_must_reach", "17"),
    ("aluvun_word", None), ("aluvun_word", "eleven"),
    ("retire_from_hand", 4.0), ("retire_from_hand", 0), ("retire_from_hand", 10**400),
    ("retire_cards", 4), ("retire_cards", "47"), ("retire_cards", [4, "7"]), ("retire_cards", {13}),
])
def test_every_invalid_field_is_refused_by_the_constructor(field, value):
    with pytest.raises(InvalidSetup, match="Invalid house rules"):
        RuleSet(**{field: value})


def test_valid_fields_in_other_shapes_are_taken():
    rules = RuleSet(twelve_values=[12, 10, 9], retire_cards=[4, 7], bank_share=0.5)
    assert rules.twelve_values == (12, 10, 9) and rules.retire_cards == frozenset({4, 7})
    assert rules.bank_share == Fraction(1, 2)
