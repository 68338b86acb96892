"""A game State (and an Action) as JSON that a person can read, and back: how rooms keep games in a database,
and class sessions the moves their class votes on.

Written once, here, for every caller (the rooms store, tests, a saved game). Never pickle: a JSON
text can be read, diffed and checked, and loading it runs no code. Loading checks the text fully
and raises InvalidSetup naming what was wrong, so a damaged row never becomes a corrupt game.

The log is kept as events (quitlok.events: each an object with its type under "e"), the seats' statuses as
objects (quitlok.game.SeatStatus). A text of the format before (1: the log as sentences, the statuses as short
lines) is still read, as rooms and saved games keep it: each old sentence becomes the event it words
(narration.events_from_lines), narrated in the reader's language, or, where none words it, a Prose event
that narrates as its text; each status line becomes the SeatStatus it words, and the move counter starts at
the log's length.
"""

import json
from dataclasses import asdict, fields
from fractions import Fraction
from typing import get_args

from quitlok.actions import Action
from quitlok.cards import check_cards
from quitlok.errors import IllegalAction, InvalidCards, InvalidSetup
from quitlok.events import event_from_dict, event_to_dict
from quitlok.game import STATUS_KINDS, SeatStatus, State
from quitlok.i18n import N_, _
from quitlok.narration import events_from_lines, status_from_line
from quitlok.rules import RuleSet

#: the layout of the JSON; a change that old texts cannot be read with raises this number
FORMAT = 2
#: the format before events: still read (the module's docstring)
OLD_FORMAT = 1


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
        raise InvalidSetup(_("Saved rules are damaged: they must list every rule of a RuleSet."))
    values = dict(data)
    try:
        values["bank_share"] = Fraction(values["bank_share"])
        values["twelve_values"] = tuple(values["twelve_values"])
        values["retire_cards"] = frozenset(values["retire_cards"])
        return RuleSet(**values)
    except (TypeError, ValueError, ZeroDivisionError) as problem:
        raise InvalidSetup(_("Saved rules are damaged: {problem}").format(problem=problem)) from None


#: every kind of action, by its type's name (quitlok.actions)
_ACTIONS = {cls.__name__: cls for cls in get_args(Action)}


def action_to_dict(action: Action) -> dict:
    """An action as plain JSON values: its type's name under "a", then its fields (`{"a": "Bet", "n": 3}`), so
    that what is kept names the move itself, not a button's words."""
    if type(action) not in _ACTIONS.values():
        raise InvalidSetup(_("Only an action can be saved as one (got {type}).").format(type=type(action).__name__))
    return {"a": type(action).__name__, **{f.name: getattr(action, f.name) for f in fields(action)}}


def action_from_dict(data: object) -> Action:
    """The action of `action_to_dict`; InvalidSetup naming the problem for anything else."""
    if not isinstance(data, dict) or data.get("a") not in _ACTIONS:
        raise InvalidSetup(_("A saved action is damaged: {value} names no action.").format(value=repr(str(data)[:60])))
    cls = _ACTIONS[data["a"]]
    values = {k: v for k, v in data.items() if k != "a"}
    if set(values) != {f.name for f in fields(cls)}:
        names = ", ".join(f.name for f in fields(cls))
        raise InvalidSetup((_("A saved action is damaged: {action} has the fields {names}.") if names else
                            _("A saved action is damaged: {action} has no fields.")).format(action=cls.__name__,
                                                                                            names=names))
    try:
        return cls(**values)
    except (IllegalAction, TypeError) as problem:
        raise InvalidSetup(_("A saved action is damaged: {problem}").format(problem=problem)) from None


def state_to_json(state: State) -> str:
    """The whole state as one line of JSON text, keys in the order of State's fields.

    Not indented: Python's json module falls back to its slow pure-Python encoder for indented output,
    and a room writes its state at every move. Any JSON tool pretty-prints it for a reader."""
    if not isinstance(state, State):
        raise InvalidSetup(_("Only a game State can be saved (got {type}).").format(type=type(state).__name__))
    data = {"format": FORMAT}
    for f in fields(State):
        value = getattr(state, f.name)
        if f.name == "rules":
            value = rules_to_dict(value)
        elif f.name == "events":
            value = [event_to_dict(event) for event in value]
        elif f.name in _STATUSES:
            value = [_status_to_dict(status) for status in value]
        else:
            value = _plain(value)
        data[f.name] = value
    return json.dumps(data, ensure_ascii=False)


#: the fields of State that hold one SeatStatus per seat
_STATUSES = ("seat_status", "last_status")
#: the fields of the old format that held them, as short lines
_OLD_STATUSES = {"seat_status": "status", "last_status": "last_hand"}
_NO_STATUS = asdict(SeatStatus())


def _status_to_dict(status: SeatStatus) -> dict:
    """A seat's status as its fields that differ from an empty status's (most are empty)."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(status).items() if v != _NO_STATUS[k]}


def _status_from_dict(data: object) -> SeatStatus:
    if not isinstance(data, dict) or not set(data) <= set(_NO_STATUS):
        raise InvalidSetup(_("A saved game is damaged: a seat's status is not one."))
    values = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
    try:
        status = SeatStatus(**values)
    except (TypeError, ValueError):
        raise InvalidSetup(_("A saved game is damaged: a seat's status is not one.")) from None
    if status.kind not in STATUS_KINDS:
        raise InvalidSetup(_("A saved game is damaged: a seat's status is not one."))
    return status


def _old_status(line: object) -> SeatStatus:
    """The SeatStatus that a status line of the old format words ("won 2 with 18", "banker: 21, then a new card");
    InvalidSetup for a line no status words. quitlok.narration, which wrote such lines, reads them back."""
    if not isinstance(line, str):
        raise InvalidSetup(_("A saved game is damaged: a seat's status is not a line of text."))
    status = status_from_line(line)
    if status is None:
        raise InvalidSetup(_("A saved game is damaged: {value} is no seat's status.").format(value=repr(line[:60])))
    return status


def state_from_json(text: str) -> State:
    """The State saved by `state_to_json`; InvalidSetup naming the problem for any other text."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as problem:
        raise InvalidSetup(_("A saved game is not JSON: {problem}").format(problem=problem)) from None
    if not isinstance(data, dict) or data.get("format") not in (FORMAT, OLD_FORMAT):
        raise InvalidSetup(_("A saved game must be a JSON object of format {format} (or {old}).").format(
            format=FORMAT, old=OLD_FORMAT))
    old = data["format"] == OLD_FORMAT
    if old:
        new_names = {old: new for new, old in _OLD_STATUSES.items()}
        data = {new_names.get(name, name): value for name, value in data.items()
                if name not in _STATUSES and name != "moves"}
        data["moves"] = len(data["events"]) if isinstance(data.get("events"), list) else 0
    names = [f.name for f in fields(State)]
    missing = [name for name in names if name not in data]
    if missing:
        raise InvalidSetup(_("A saved game lacks {fields}.").format(fields=", ".join(missing)))
    rules = rules_from_dict(data["rules"])
    values = {name: _frozen(data[name]) for name in names if name not in ("rules", "events", *_STATUSES)}
    events, statuses = data["events"], {name: data[name] for name in _STATUSES}
    if not isinstance(events, list) or not all(isinstance(v, list) for v in statuses.values()):
        raise InvalidSetup(_("A saved game is damaged: its log and statuses must be lists."))
    if old and not all(isinstance(line, str) for line in events):
        raise InvalidSetup(_("A saved game is damaged: its log must be lines of text."))
    try:
        values["events"] = (events_from_lines(events, values["players"]) if old  # its sentences, as events
                            else tuple(event_from_dict(event) for event in events))
    except (TypeError, ValueError) as problem:
        raise InvalidSetup(_("A saved game is damaged: {problem}").format(problem=problem)) from None
    for name, statuses_ in statuses.items():
        values[name] = tuple((_old_status if old else _status_from_dict)(status) for status in statuses_)
    if isinstance(values["moves"], bool) or not isinstance(values["moves"], int) or values["moves"] < 0:
        raise InvalidSetup(_("A saved game is damaged: its move counter must be a whole number."))
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
    per_seat = ("purses", "stakes", "hands", "face_up", "seat_status", "last_status", "sitting_out", "thrown",
                "last_cards")
    if seats < 2 or any(not isinstance(getattr(state, name), tuple) or len(getattr(state, name)) != seats
                        for name in per_seat):
        raise InvalidSetup(_("A saved game is damaged: every seat needs one entry of each kind."))
    chips = [*state.purses, *state.stakes, state.bank, state.opening_bank]
    if any(isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in chips):
        raise InvalidSetup(_("A saved game is damaged: chips must be whole numbers, 0 or more."))
    cards = [c for hand in state.hands for c in hand] + list(state.stock) + list(state.under)
    try:
        check_cards(cards, state.rules.copies, N_("a saved game's cards"))
    except InvalidCards as problem:
        raise InvalidSetup(_("A saved game is damaged: {problem}").format(problem=problem)) from None
    if len(cards) != state.rules.pack_size:
        raise InvalidSetup(_("A saved game is damaged: {count} cards, not a pack of {size}.").format(
            count=len(cards), size=state.rules.pack_size))
