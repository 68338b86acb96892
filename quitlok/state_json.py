"""A game State as JSON that a person can read, and back: how rooms keep games in a database.

Written once, here, for every caller (the rooms store, tests, a saved game). Never pickle: a JSON
text can be read, diffed and checked, and loading it runs no code. Loading checks the text fully
and raises InvalidSetup naming what was wrong, so a damaged row never becomes a corrupt game.
"""

import json
from dataclasses import fields
from fractions import Fraction

from quitlok.cards import check_cards
from quitlok.errors import InvalidCards, InvalidSetup
from quitlok.game import State
from quitlok.rules import RuleSet

#: the layout of the JSON; a change that old texts cannot be read with raises this number
FORMAT = 1


def rules_to_dict(rules: RuleSet) -> dict:
    """A RuleSet as plain JSON values (a Fraction as "1/2", sets as sorted lists)."""
    out = {}
    for f in fields(RuleSet):
        value = getattr(rules, f.name)
        if isinstance(value, Fraction):
            value = str(value)
        elif isinstance(value, frozenset):
            value = sorted(value)
        elif isinstance(value, tuple):
            value = list(value)
        out[f.name] = value
    return out


def rules_from_dict(data: object) -> RuleSet:
    """The RuleSet of `rules_to_dict`; InvalidSetup for anything else (RuleSet validates its fields)."""
    names = {f.name for f in fields(RuleSet)}
    if not isinstance(data, dict) or set(data) != names:
        raise InvalidSetup("Saved rules are damaged: they must list every rule of a RuleSet.")
    values = dict(data)
    try:
        values["bank_share"] = Fraction(values["bank_share"])
        values["twelve_values"] = tuple(values["twelve_values"])
        values["retire_cards"] = frozenset(values["retire_cards"])
        return RuleSet(**values)
    except (TypeError, ValueError, ZeroDivisionError) as problem:
        raise InvalidSetup(f"Saved rules are damaged: {problem}") from None


def state_to_json(state: State) -> str:
    """The whole state as one line of JSON text, keys in the order of State's fields.

    Not indented: Python's json module falls back to its slow pure-Python encoder for indented output,
    and a room writes its state at every move. Any JSON tool pretty-prints it for a reader."""
    if not isinstance(state, State):
        raise InvalidSetup(f"Only a game State can be saved (got {type(state).__name__}).")
    data = {"format": FORMAT}
    for f in fields(State):
        value = getattr(state, f.name)
        data[f.name] = rules_to_dict(value) if f.name == "rules" else _plain(value)
    return json.dumps(data, ensure_ascii=False)


def state_from_json(text: str) -> State:
    """The State saved by `state_to_json`; InvalidSetup naming the problem for any other text."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as problem:
        raise InvalidSetup(f"A saved game is not JSON: {problem}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InvalidSetup(f"A saved game must be a JSON object of format {FORMAT}.")
    names = [f.name for f in fields(State)]
    missing = [name for name in names if name not in data]
    if missing:
        raise InvalidSetup(f"A saved game lacks {', '.join(missing)}.")
    rules = rules_from_dict(data["rules"])
    values = {name: _frozen(data[name]) for name in names if name != "rules"}
    state = State(rules=rules, **values)
    _check(state)
    return state


def _plain(value):
    """Tuples (nested) to lists; everything else in a State is already a JSON value."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _frozen(value):
    """Lists (nested) back to tuples, as State holds them."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def _check(state: State) -> None:
    """The shape and the cards of a loaded state: one entry per seat, real cards, chips that are ints."""
    seats = len(state.players)
    per_seat = ("purses", "stakes", "hands", "face_up", "status", "last_hand", "sitting_out", "thrown", "last_cards")
    if seats < 2 or any(not isinstance(getattr(state, name), tuple) or len(getattr(state, name)) != seats
                        for name in per_seat):
        raise InvalidSetup("A saved game is damaged: every seat needs one entry of each kind.")
    chips = [*state.purses, *state.stakes, state.bank, state.opening_bank]
    if any(isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in chips):
        raise InvalidSetup("A saved game is damaged: chips must be whole numbers, 0 or more.")
    cards = [c for hand in state.hands for c in hand] + list(state.stock) + list(state.under)
    try:
        check_cards(cards, state.rules.copies, "a saved game's cards")
    except InvalidCards as problem:
        raise InvalidSetup(f"A saved game is damaged: {problem}") from None
    if len(cards) != state.rules.pack_size:
        raise InvalidSetup(f"A saved game is damaged: {len(cards)} cards, not a pack of {state.rules.pack_size}.")
