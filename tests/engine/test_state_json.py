"""States to JSON and back: every state of random games survives the round trip unchanged, the text is
plain JSON a person can read, and damaged text is refused with InvalidSetup, never loaded."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quitlok import KVITLACH, QUITLOK, InvalidSetup
from quitlok.game import apply_action, legal_actions, new_game
from quitlok.state_json import action_from_dict, action_to_dict, state_from_json, state_to_json


def random_game(rules, seats, seed, moves, choose):
    """The states of a game of random legal moves, its start first: at most `moves` of them, fewer if it ends."""
    state = new_game(rules, [f"P{i}" for i in range(seats)], banker=0, bank=10, purses=40, seed=seed,
                     choose_stake=choose)
    rng = random.Random(seed)
    for _ in range(moves):
        yield state
        if state.is_over:
            return
        state = apply_action(state, rng.choice(legal_actions(state)))


@settings(max_examples=60, deadline=None)
@given(rules=st.sampled_from([QUITLOK, KVITLACH]), seats=st.integers(2, 6), seed=st.integers(0, 10**6),
       moves=st.integers(0, 80), choose=st.booleans())
def test_every_state_of_a_random_game_round_trips(rules, seats, seed, moves, choose):
    for state in random_game(rules, seats, seed, moves, choose):
        assert state_from_json(state_to_json(state)) == state


def test_the_text_is_readable_json():
    state = new_game(KVITLACH, ["Ann", "Dov"], banker=0, bank=10, purses=30, seed=1)
    data = json.loads(state_to_json(state))
    assert data["players"] == ["Ann", "Dov"] and data["rules"]["bank_share"] == "1/2"
    assert data["rules"]["aluvun_word"] == "elvaroon" and data["format"] == 2
    assert data["events"][0] == {"e": "BankStaked", "seat": 0, "bank": 10} and data["seat_status"][0] == {
        "kind": "banker"}


@pytest.mark.parametrize("damage", [
    lambda d: d.pop("stock"),
    lambda d: d.update(format=99),
    lambda d: d["purses"].append(5),
    lambda d: d.update(bank=-3),
    lambda d: d.update(bank=2.5),
    lambda d: d["stock"].append(13),
    lambda d: d["stock"].pop(),
    lambda d: d["rules"].update(copies=3),
    lambda d: d["rules"].pop("blots"),
    lambda d: d["rules"].update(bank_share="x"),
    lambda d: d["events"].append({"e": "Stood", "seat": 0}),
    lambda d: d["events"].append({"e": "Stood", "seat": 0, "value": [17]}),
    lambda d: d.update(events="Ann stands"),
    lambda d: d["seat_status"].__setitem__(0, {"kind": "dancing"}),
    lambda d: d["seat_status"].__setitem__(0, {"colour": "red"}),
    lambda d: d.update(moves=-1),
])
def test_damaged_text_is_refused(damage):
    data = json.loads(state_to_json(new_game(QUITLOK, ["Ann", "Dov"], banker=0, bank=10, purses=30, seed=1)))
    damage(data)
    with pytest.raises(InvalidSetup):
        state_from_json(json.dumps(data))


@pytest.mark.parametrize("text", ["", "[]", "null", "{", "{\"format\": 1}", 5, None])
def test_text_that_is_not_a_saved_game_is_refused(text):
    with pytest.raises(InvalidSetup):
        state_from_json(text)


@settings(max_examples=40, deadline=None)
@given(rules=st.sampled_from([QUITLOK, KVITLACH]), seats=st.integers(2, 6), seed=st.integers(0, 10**6),
       moves=st.integers(0, 80), choose=st.booleans())
def test_every_legal_action_round_trips_as_json(rules, seats, seed, moves, choose):
    """One Action to and from JSON (how a class's vote keeps its options): every action of random games."""
    for state in random_game(rules, seats, seed, moves, choose):
        for action in () if state.is_over else legal_actions(state):
            data = json.loads(json.dumps(action_to_dict(action)))
            assert action_from_dict(data) == action and data["a"] == type(action).__name__


@pytest.mark.parametrize("data", [None, "Bet 3", {"a": "Bet"}, {"a": "Bet", "n": 0}, {"a": "Bet", "n": True},
                                  {"a": "Bet", "n": "3"}, {"a": "Stay", "n": 1}, {"a": "Fold"}, {"n": 3}, [1]])
def test_a_damaged_action_is_refused(data):
    with pytest.raises(InvalidSetup, match="saved action"):
        action_from_dict(data)


def test_only_an_action_is_saved_as_one():
    with pytest.raises(InvalidSetup):
        action_to_dict("Bet 3")
