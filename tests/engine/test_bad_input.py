"""Wrong types and values at every public door of quitlok.game and quitlok.odds.

Each must raise one of the library's own errors (IllegalAction, InvalidSetup, InvalidCards: all
ValueErrors with a message that says what was wrong) and change nothing; never a TypeError,
AttributeError or IndexError from deep inside, and never a game quietly corrupted.
"""

import contextlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quitlok import KVITLACH, QUITLOK, IllegalAction, InvalidCards, InvalidSetup, QuitlokError, hand_value, odds
from quitlok import events as ev
from quitlok.bank_odds import OpenHand, banker_advice
from quitlok.game import Aluvun, Bet, Stay, apply_action, legal_actions, new_game
from tests.engine.helpers import game, play

OWN_ERRORS = (IllegalAction, InvalidSetup, InvalidCards)

#: values of the wrong kind for almost any argument
junk = st.one_of(
    st.none(), st.booleans(), st.floats(allow_nan=True), st.integers(min_value=-10**30, max_value=10**30),
    st.text(max_size=5), st.binary(max_size=3), st.lists(st.integers(-3, 30), max_size=6),
    st.lists(st.text(max_size=2), max_size=3), st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.just(object()), st.just(QUITLOK), st.just(Stay()), st.tuples(st.integers(0, 13)),
)


def test_a_float_or_bool_bet_is_refused_and_the_game_goes_on():
    s = game([10, 6, 3])
    for n in (2.0, True, "2", None, -1):
        with pytest.raises(IllegalAction, match="whole number of chips"):
            apply_action(s, Bet(n))
    s = play(s, Bet(2))
    assert s.purses[1] == 18 and all(type(p) is int for p in s.purses)
    assert ev.BetPlaced(1, 2, stake=2, with_card=True, raised=False) in s.events


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"banker": True}, "banker must be one of"),
    ({"banker": 1.0}, "banker must be one of"),
    ({"purses": None}, "purses must be"),
    ({"purses": 10.0}, "purses must be"),
    ({"purses": [10, True]}, "Each purse"),
    ({"stock": 5}, "stock must be a list"),
    ({"stock": "5,6"}, "stock must be a list"),
    ({"players": "AB"}, "players must be a list"),
    ({"players": ["A", ""]}, "name of its own"),
    ({"players": ["A", 7]}, "name of its own"),
    ({"bank": True}, "opening bank"),
    ({"bank": 2.5}, "opening bank"),
    ({"seed": "x"}, "seed must be"),
])
def test_wrong_types_for_a_new_game_are_refused(kwargs, message):
    args = {"players": ["A", "B"], "banker": 0, "bank": 5, "purses": 10} | kwargs
    with pytest.raises(InvalidSetup, match=message):
        new_game(QUITLOK, **args)


@pytest.mark.parametrize("rules", [None, "quitlok", 3, {"copies": 2}])
def test_rules_that_are_not_a_rule_set_are_refused_everywhere(rules):
    with pytest.raises(InvalidSetup, match="RuleSet"):
        new_game(rules, ["A", "B"], banker=0, bank=5, purses=10)
    for call in (lambda: hand_value([5], rules), lambda: odds.bust_chance([5], [], rules),
                 lambda: odds.advise([5], [], rules), lambda: odds.next_card_odds([5], [], rules)):
        with pytest.raises(InvalidSetup, match="RuleSet"):
            call()


def test_states_and_actions_of_the_wrong_kind():
    s = game([10, 6, 3])
    for not_a_state in (None, "state", 3, QUITLOK):
        with pytest.raises(IllegalAction, match="not a game state"):
            legal_actions(not_a_state)
        with pytest.raises(IllegalAction, match="not a game state"):
            apply_action(not_a_state, Stay())
    for not_an_action in (None, "stay", Stay, 1, Aluvun):
        with pytest.raises(IllegalAction, match="not an action"):
            apply_action(s, not_an_action)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(args=st.dictionaries(st.sampled_from(["players", "banker", "bank", "purses", "stock", "seed", "max_bet"]),
                            junk, min_size=1, max_size=3))
def test_new_game_raises_only_its_own_errors(args):
    base = {"players": ["A", "B", "C"], "banker": 0, "bank": 5, "purses": 20}
    try:
        state = new_game(KVITLACH if args.get("max_bet") is not None else QUITLOK, **(base | args))
    except OWN_ERRORS:
        return
    assert state.chips() == sum(state.purses) + state.bank + state.open_stakes
    assert all(type(p) is int for p in state.purses) and legal_actions(state)


@settings(max_examples=300, deadline=None)
@given(state=junk, action=junk)
def test_game_verbs_raise_only_their_own_errors(state, action):
    real = game([10, 6, 3])
    for call in (lambda: legal_actions(state), lambda: apply_action(state, Stay()),
                 lambda: apply_action(real, action)):
        with contextlib.suppress(OWN_ERRORS):
            call()
    assert real == game([10, 6, 3])  # nothing changed


ODDS_CALLS = {
    "next_card_odds": lambda a: odds.next_card_odds(a["hand"], a["seen"], a["rules"], exact=a["exact"]),
    "bust_chance": lambda a: odds.bust_chance(a["hand"], a["seen"], a["rules"], aluvun=a["flag"], exact=a["exact"]),
    "banker_outcomes": lambda a: odds.banker_outcomes(a["hand"], a["seen"], a["rules"], stands_on=a["stands_on"],
                                                      exact=a["exact"]),
    "stay_value": lambda a: odds.stay_value(a["hand"], a["seen"], a["rules"], stands_on=a["stands_on"],
                                            exact=a["exact"]),
    "advise": lambda a: odds.advise(a["hand"], a["seen"], a["rules"], stake=a["stake"], room=a["room"],
                                    stands_on=a["stands_on"], exact=a["exact"]),
    "card_value": lambda a: odds.card_value(a["hand"], a["seen"], a["rules"], stake=a["stake"], room=a["room"],
                                            bet=a["bet"], aluvun=a["flag"], stands_on=a["stands_on"],
                                            exact=a["exact"]),
    "position_value": lambda a: odds.position_value(a["hand"], a["seen"], a["rules"], stake=a["stake"],
                                                    room=a["room"], stands_on=a["stands_on"], exact=a["exact"]),
    "hand_value": lambda a: hand_value(a["hand"], a["rules"]),
    "action_values": lambda a: odds.action_values(a["hand"], a["seen"], a["rules"], stake=a["stake"],
                                                  room=a["room"], stands_on=a["stands_on"], exact=a["exact"]),
    "first_bets": lambda a: odds.first_bets(a["hand"], a["seen"], a["rules"], room=a["room"],
                                            stands_on=a["stands_on"], exact=a["exact"]),
    "player_edge": lambda a: odds.player_edge(a["rules"], stands_on=a["stands_on"], exact=a["exact"]),
    "edge_outcomes": lambda a: odds.edge_outcomes(a["rules"], stands_on=a["stands_on"], exact=a["exact"]),
    "banker_advice": lambda a: banker_advice(a["hand"], a["seen"], a["rules"], exact=a["exact"],
                                             player_stands_on=a["stands_on"],
                                             open_hands=[OpenHand(a["stake"], a["open"], a["room"])]),
    "banker_advice_hands": lambda a: banker_advice(a["hand"], a["seen"], a["rules"], open_hands=a["open"]),
}
GOOD = {"hand": [6, 5], "seen": [3], "rules": QUITLOK, "exact": False, "flag": False, "stands_on": 17,
        "stake": 1, "room": 1, "bet": 0, "open": (None, 4)}


@pytest.mark.parametrize("name", list(ODDS_CALLS))
@settings(max_examples=60, deadline=None)
@given(wrong=st.dictionaries(st.sampled_from(list(GOOD)), junk, min_size=1, max_size=2))
def test_odds_functions_raise_only_their_own_errors(name, wrong):
    try:
        ODDS_CALLS[name](GOOD | wrong)
    except OWN_ERRORS as problem:
        assert str(problem)


@pytest.mark.parametrize(("name", "wrong", "message"), [
    ("card_value", {"bet": -1}, "bet"),
    ("card_value", {"bet": 2, "room": 1}, "bet"),
    ("advise", {"stake": 2.5}, "stake"),
    ("advise", {"room": True}, "room"),
    ("advise", {"stands_on": [17]}, "stands on"),
    ("advise", {"stands_on": 10**40}, "stands on"),
    ("advise", {"stake": 10**40}, "stake"),
    ("bust_chance", {"flag": "yes"}, "aluvun"),
    ("advise", {"exact": "no"}, "exact"),
    ("advise", {"hand": 65}, "not a list of cards"),
    ("advise", {"hand": "65"}, "not a list of cards"),
    ("advise", {"seen": None}, "not a list of cards"),
])
def test_odds_name_what_was_wrong(name, wrong, message):
    with pytest.raises(QuitlokError, match=message):
        ODDS_CALLS[name](GOOD | wrong)
