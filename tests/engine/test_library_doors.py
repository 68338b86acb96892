"""Every public door of the library refuses wrong arguments with its own errors (issue 22, item 7).

The public functions of quitlok.odds, quitlok.game, quitlok.rooms, quitlok.classroom and quitlok.progress (their
`__all__`; for quitlok.progress, which has none, what it defines; the stores `Rooms` and `Classes`, and the
methods of the values they hand out) are called with a valid call's arguments, one of them replaced by a wrong
type or value (dicts, sets, strings, floats, NaN, inf, huge and negative ints, None, nested lists, ...). Each
argument has a kind, which says what it may be; a call whose argument is not of its kind must raise one of the
library's own errors (quitlok.errors.QuitlokError, quitlok.rooms.RoomError, quitlok.classroom.ClassroomError), and
no call may raise anything else (TypeError, AttributeError, KeyError, a bare ValueError, RecursionError, ...).

Records the library only hands out (Advice, RoomView, Seat, ClassQuestion, State, the actions...) are not doors:
their constructors are not called; their methods are.
"""

import inspect
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import quitlok.classroom as classroom
import quitlok.game as game
import quitlok.odds as odds
import quitlok.progress as progress
import quitlok.rooms as rooms
from quitlok import KVITLACH, QUITLOK
from quitlok.actions import Action
from quitlok.classroom import ClassroomError, QuestionSequence
from quitlok.classroom.own import OwnQuestion
from quitlok.classroom.store import Classes
from quitlok.coach import Coaching, coach
from quitlok.errors import QuitlokError, shown
from quitlok.rooms import RoomError, Rooms, RoomView
from quitlok.rules import RuleSet
from quitlok.stock import Stock
from quitlok.validate import MAX_CHIPS

OWN = (QuitlokError, RoomError, ClassroomError)

# --- what an argument may be ---------------------------------------------------------------------------------


def _real(x: object) -> bool:
    return isinstance(x, int | float | Fraction) and not isinstance(x, bool) and math.isfinite(x)


def _whole(low: int, high: int) -> Callable[[object], bool]:
    return lambda x: isinstance(x, int) and not isinstance(x, bool) and low <= x <= high


def _cards(x: object) -> bool:
    return isinstance(x, list | tuple) and all(isinstance(c, int) and not isinstance(c, bool) for c in x)


def _text(x: object) -> bool:
    return isinstance(x, str)


def _flag(x: object) -> bool:
    return isinstance(x, bool)


def _anything(_: object) -> bool:
    return True


KINDS: dict[str, Callable[[object], bool]] = {
    "cards": _cards,
    "rules": lambda x: isinstance(x, RuleSet),
    "chips": _whole(0, MAX_CHIPS),
    "stands_on": _whole(0, 30),
    "seats": _whole(0, 7),
    "seat": _whole(0, 7),
    "seat_or_none": lambda x: x is None or _whole(0, 7)(x),
    "seed": _whole(0, 2**64),
    "seed_or_none": lambda x: x is None or _whole(0, 2**64)(x),
    "timer": lambda x: x is None or _whole(10, 600)(x),
    "index": _whole(0, 10**6),
    "flag": _flag,
    "chance": lambda x: _real(x) and 0 <= x <= 1,
    "text": _text,
    "text_or_none": lambda x: x is None or _text(x),
    "state": lambda x: isinstance(x, game.State),
    "action": lambda x: isinstance(x, Action),
    "stock": lambda x: x is None or isinstance(x, Stock),
    "moment": lambda x: _real(x) and 0 <= x <= 2**35,
    "moment_or_none": lambda x: x is None or (_real(x) and 0 <= x <= 2**35),
    "totals_or_none": lambda x: x is None or (isinstance(x, list | tuple) and all(_whole(0, 30)(t) for t in x)),
    "kinds_or_none": lambda x: x is None or (isinstance(x, list | tuple) and all(_text(k) for k in x)),
    "view": lambda x: isinstance(x, RoomView),
    "mistake_or_none": lambda x: x is None or isinstance(x, progress.Mistake),
    "coaching_or_none": lambda x: x is None or isinstance(x, Coaching),
    "own_question": lambda x: isinstance(x, OwnQuestion),
    "response": _anything,  # a class question's answer: any value, told apart by the question (own errors)
}

#: wrong values of every kind, the valid ones among them filtered out per argument
junk = st.one_of(
    st.none(), st.booleans(), st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([math.nan, math.inf, -math.inf, 1e300, -1.0, 0.5, 2.0]),
    st.integers(min_value=-10**30, max_value=10**30),
    st.sampled_from([10**400, -(10**400), 10**5000, -1, 13, 0, 99]),  # 5,000 digits: more than str() of an int takes
    st.text(max_size=6), st.sampled_from(["no", "yes", "", "6,5", "stay", "K7QF3M", "inf"]),
    st.binary(max_size=3), st.sets(st.integers(1, 12), max_size=4), st.frozensets(st.integers(1, 12), max_size=3),
    st.dictionaries(st.integers(1, 12), st.integers(0, 3), max_size=3),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
    st.lists(st.integers(-3, 30), max_size=6), st.lists(st.floats(allow_nan=True), min_size=1, max_size=3),
    st.lists(st.lists(st.integers(1, 12), max_size=2), min_size=1, max_size=3),
    st.just([[[[[]]]]]), st.just(object()), st.just(QUITLOK), st.just(game.Stay()), st.tuples(st.integers(0, 13)),
    st.just(Fraction(1, 3)), st.just(Fraction(7, 3)), st.complex_numbers(max_magnitude=2, allow_nan=False),
)


@dataclass(frozen=True)
class Door:
    """A public callable: `call(**arguments)`, valid `arguments`, and the kind of each."""

    name: str
    call: Callable
    arguments: dict
    kinds: dict

    def __post_init__(self) -> None:
        assert set(self.arguments) == set(self.kinds), self.name


def _state() -> game.State:
    return game.new_game(QUITLOK, ["Ann", "Ben", "Dov"], banker=0, bank=10, purses=20, seed=3)


HAND = {"hand": [6, 5], "seen": [3]}
CARDS = {"hand": "cards", "seen": "cards"}


def odds_doors() -> list[Door]:
    position = {**HAND, "rules": QUITLOK, "exact": False, "stock": None}
    kinds = {**CARDS, "rules": "rules", "exact": "flag", "stock": "stock"}
    doors = [
        Door("action_values", odds.action_values, {**position, "stake": 1, "room": 1, "stands_on": 17},
             {**kinds, "stake": "chips", "room": "chips", "stands_on": "stands_on"}),
        Door("advise", odds.advise, {**position, "stake": 1, "room": 1, "stands_on": 17},
             {**kinds, "stake": "chips", "room": "chips", "stands_on": "stands_on"}),
        Door("banker_outcomes", odds.banker_outcomes, {**position, "stands_on": 17},
             {**kinds, "stands_on": "stands_on"}),
        Door("bust_chance", odds.bust_chance, {**position, "aluvun": False}, {**kinds, "aluvun": "flag"}),
        Door("card_value", odds.card_value, {**position, "stake": 1, "room": 1, "bet": 0, "aluvun": False,
                                             "stands_on": 17},
             {**kinds, "stake": "chips", "room": "chips", "bet": "chips", "aluvun": "flag", "stands_on": "stands_on"}),
        Door("first_bets", odds.first_bets, {**position, "rules": KVITLACH, "room": 1, "stands_on": 17},
             {**kinds, "room": "chips", "stands_on": "stands_on"}),
        Door("next_card_odds", odds.next_card_odds, position, kinds),
        Door("position_value", odds.position_value, {**position, "stake": 1, "room": 1, "stands_on": 17},
             {**kinds, "stake": "chips", "room": "chips", "stands_on": "stands_on"}),
        Door("stay_value", odds.stay_value, {**position, "stands_on": 17}, {**kinds, "stands_on": "stands_on"}),
        Door("action_words", odds.action_words, {"rules": QUITLOK}, {"rules": "rules"}),
        Door("chance_words", odds.chance_words, {"p": Fraction(3, 11)}, {"p": "chance"}),
        Door("young_chance_words", odds.young_chance_words, {"p": Fraction(3, 11)}, {"p": "chance"}),
        Door("percent", odds.percent, {"p": 0.25}, {"p": "chance"}),
        Door("edge_outcomes", odds.edge_outcomes, {"rules": QUITLOK, "stands_on": 17, "exact": False},
             {"rules": "rules", "stands_on": "stands_on", "exact": "flag"}),
        Door("player_edge", odds.player_edge, {"rules": QUITLOK, "stands_on": 17, "exact": False},
             {"rules": "rules", "stands_on": "stands_on", "exact": "flag"}),
        Door("strategy_table", odds.strategy_table, {"rules": QUITLOK, "stands_on": [17], "exact": False},
             {"rules": "rules", "stands_on": "totals_or_none", "exact": "flag"}),
    ]
    return doors


def game_doors() -> list[Door]:
    state = _state()
    action = game.legal_actions(state)[0]
    s = {"state": "state"}
    return [
        Door("new_game", game.new_game, {"rules": QUITLOK, "players": ["A", "B"], "banker": 0, "bank": 5,
                                          "purses": 10, "stock": None, "seed": 1, "max_bet": None,
                                          "choose_stake": False},
             {"rules": "rules", "players": "response", "banker": "seat", "bank": "chips", "purses": "response",
              "stock": "response", "seed": "seed_or_none", "max_bet": "response", "choose_stake": "flag"}),
        Door("legal_actions", game.legal_actions, {"state": state}, s),
        Door("closed_moves", game.closed_moves, {"state": state}, s),
        Door("apply_action", game.apply_action, {"state": state, "action": action}, {**s, "action": "action"}),
        Door("action_label", game.action_label, {"state": state, "action": action}, {**s, "action": "action"}),
        Door("draw_for_banker", game.draw_for_banker, {"rules": QUITLOK, "seats": 3, "seed": 4},
             {"rules": "rules", "seats": "seats", "seed": "seed"}),
        Door("State.bet_room", state.bet_room, {"seat": 1}, {"seat": "seat"}),
        Door("State.value", state.value, {"seat": 1}, {"seat": "seat"}),
        Door("State.seen_by", state.seen_by, {"seat": 1}, {"seat": "seat"}),
        Door("seat_name", game.seat_name, {"name": "Bella"}, {"name": "text"}),
        Door("observe", game.observe, {"state": state, "seat": 1}, {**s, "seat": "seat_or_none"}),
        Door("seat_events", rooms.seat_events, {"state": state, "seat": 1}, {**s, "seat": "seat_or_none"}),
        Door("seat_state", rooms.seat_state, {"state": state, "seat": 1}, {**s, "seat": "seat_or_none"}),
    ]


def classroom_doors() -> list[Door]:
    run = QuestionSequence(QUITLOK, 5)
    question = run.question(0)
    position = question.position
    r = {"rules": QUITLOK, "seed": 7}
    rk = {"rules": "rules", "seed": "seed"}
    doors = [Door(name, getattr(classroom, name), r, rk) for name in (
        "best_play_question", "bust_chance_question", "call_aluvun_question", "hand_value_question",
        "retire_question", "settlement_question")]
    return doors + [
        Door("available_kinds", classroom.available_kinds, {"rules": QUITLOK}, {"rules": "rules"}),
        Door("kind_title", classroom.kind_title, {"kind": "bust_chance", "rules": QUITLOK},
             {"kind": "text", "rules": "rules"}),
        Door("make_question", classroom.make_question, {"kind": "bust_chance", **r}, {"kind": "text", **rk}),
        Door("question_set", classroom.question_set, {**r, "n": 2, "kinds": None},
             {**rk, "n": "index", "kinds": "kinds_or_none"}),
        Door("QuestionSequence", QuestionSequence, {**r, "kinds": None}, {**rk, "kinds": "kinds_or_none"}),
        Door("QuestionSequence.kind", run.kind, {"index": 1}, {"index": "index"}),
        Door("QuestionSequence.question_seed", run.question_seed, {"index": 1}, {"index": "index"}),
        Door("QuestionSequence.question", run.question, {"index": 1}, {"index": "index"}),
        Door("QuestionSequence.take", run.take, {"n": 2, "start": 0}, {"n": "index", "start": "index"}),
        Door("ClassQuestion.score", question.score, {"response": 0}, {"response": "response"}),
        Door("ClassQuestion.correction", question.correction, {"choice": 0}, {"choice": "index"}),
        Door("Position.value", position.value, {"seat": 0}, {"seat": "seat"}),
    ]


def progress_doors() -> list[Door]:
    state = _state()
    seat = state.to_act
    coaching = coach(state)
    action = game.legal_actions(state)[0]
    mistake = progress.Mistake(made=1.7e9, rules="quitlok", hand=(6,), seen=(), stake=0, room=1,
                               options=(("stay", 0.0), ("bet", 0.3)), chosen="stay")
    p = progress.Progress().with_decision(mistake, 1.7e9)
    assert seat is not None
    return [
        Door("decision", progress.decision, {"state": state, "coaching": coaching, "action": action, "now": 1.7e9},
             {"state": "state", "coaching": "coaching_or_none", "action": "action", "now": "moment"}),
        Door("Progress.with_quiz_answer", p.with_quiz_answer, {"topic": "aluvun", "right": True},
             {"topic": "text", "right": "flag"}),
        Door("Progress.with_decision", p.with_decision, {"mistake": mistake, "now": 1.7e9},
             {"mistake": "mistake_or_none", "now": "moment"}),
        Door("Progress.reviewed", p.reviewed, {"made": 1.7e9, "right": True, "now": 1.7e9 + 86400},
             {"made": "moment", "right": "flag", "now": "moment"}),
        Door("Progress.due", p.due, {"now": 1.8e9}, {"now": "moment"}),
        Door("Progress.forget", p.forget, {"now": 1.8e9}, {"now": "moment"}),
        Door("Progress.mastery", p.mastery, {"topic": "aluvun"}, {"topic": "text"}),
        Door("Progress.is_mastered", p.is_mastered, {"topic": "aluvun"}, {"topic": "text"}),
        Door("Progress.week_costs", p.week_costs, {"now": 1.8e9}, {"now": "moment"}),
        Door("Progress.from_json", progress.Progress.from_json, {"text": p.to_json()}, {"text": "text"}),
        Door("Progress.from_share_code", progress.Progress.from_share_code, {"code": p.share_code()},
             {"code": "text"}),
        Door("Mistake.is_right", mistake.is_right, {"label": "stay"}, {"label": "text"}),
    ]


def store_doors(store: Rooms, classes: Classes) -> list[Door]:
    """The stores' methods, each on a room or session made for the sweep."""
    host = store.create(QUITLOK, host="Ann", bank=10, purses=20)
    guest = store.join(host.code, "Ben")
    started = store.create(QUITLOK, host="Cy", bank=10, purses=20)
    store.add_computer(started.code, started.token, "cautious")
    store.start(started.code, started.token, seed=5)
    fresh = store.create(QUITLOK, host="Dan", bank=10, purses=20)
    store.add_computer(fresh.code, fresh.token, "bold")
    teacher = classes.create(QUITLOK, seed=3)
    pupil = classes.join(teacher.code, "Kid")
    other = classes.create(QUITLOK, seed=4)
    room = {"code": host.code, "host_token": host.token}
    code = {"code": "text", "host_token": "text"}
    t = {"code": teacher.code, "teacher": teacher.token}
    tk = {"code": "text", "teacher": "text"}
    view = store.view(started.code, started.token)
    action = view.legal[0] if view.legal else game.Stay()
    asked = store.ask(started.code, "Cy")
    back = classes.come_back(teacher.code, "Kid")
    return [
        Door("Rooms.create", store.create, {"rules": QUITLOK, "host": "Zoe", "bank": 10, "purses": 20, "max_bet": None,
                                            "choose_stake": True, "coaching": True},
             {"rules": "rules", "host": "text", "bank": "chips", "purses": "chips", "max_bet": "response",
              "choose_stake": "flag", "coaching": "flag"}),
        Door("Rooms.join", store.join, {"code": host.code, "name": "Eve"}, {"code": "text", "name": "text"}),
        Door("Rooms.add_computer", store.add_computer, {**room, "style": "bold"}, {**code, "style": "text"}),
        Door("Rooms.view", store.view, {"code": host.code, "token": guest.token, "device": None},
             {"code": "text", "token": "text", "device": "text_or_none"}),
        Door("Rooms.watch", store.watch, {"code": started.code}, {"code": "text"}),
        Door("Rooms.log_since", store.log_since, {"code": started.code, "token": started.token, "version": 0},
             {"code": "text", "token": "text", "version": "index"}),
        Door("Rooms.here", store.here, {"code": host.code, "token": guest.token, "device": "phone-0001"},
             {"code": "text", "token": "text", "device": "text"}),
        Door("Rooms.set_turn_timer", store.set_turn_timer, {**room, "seconds": 30}, {**code, "seconds": "timer"}),
        Door("Rooms.ask", store.ask, {"code": started.code, "name": "Cy"}, {"code": "text", "name": "text"}),
        Door("Rooms.asked", store.asked, {"code": started.code, "token": asked.token},
             {"code": "text", "token": "text"}),
        Door("Rooms.let_in", store.let_in, {"code": started.code, "token": started.token, "number": 10**6},
             {"code": "text", "token": "text", "number": "index"}),
        Door("Rooms.refuse", store.refuse, {"code": started.code, "token": started.token, "number": 10**6},
             {"code": "text", "token": "text", "number": "index"}),
        Door("Classes.come_back", classes.come_back, {"code": teacher.code, "nickname": "Kid"},
             {"code": "text", "nickname": "text"}),
        Door("Classes.came_back", classes.came_back, {"code": teacher.code, "token": back.token},
             {"code": "text", "token": "text"}),
        Door("Classes.let_in", classes.let_in, {**t, "number": 10**6}, {**tk, "number": "index"}),
        Door("Classes.refuse", classes.refuse, {**t, "number": 10**6}, {**tk, "number": "index"}),
        Door("Rooms.version", store.version, {"code": host.code}, {"code": "text"}),
        Door("Rooms.about", store.about, {"code": host.code}, {"code": "text"}),
        Door("Rooms.act", store.act, {"code": started.code, "token": started.token, "action": action,
                                      "version": view.version},
             {"code": "text", "token": "text", "action": "action", "version": "index"}),
        Door("Rooms.remove_seat", store.remove_seat, {**room, "seat": 1, "style": "cautious"},
             {**code, "seat": "seat", "style": "text"}),
        Door("Rooms.new_key", store.new_key, {**room, "seat": 1}, {**code, "seat": "seat"}),
        Door("Rooms.pause", store.pause, {"code": started.code, "host_token": started.token}, code),
        Door("Rooms.end", store.end, {"code": host.code, "host_token": guest.token}, code),
        Door("Rooms.purge", store.purge, {"now": None}, {"now": "moment_or_none"}),
        Door("Rooms.start", store.start, {"code": fresh.code, "host_token": fresh.token, "seed": 3},
             {**code, "seed": "seed_or_none"}),
        Door("Rooms.resume", store.resume, {"code": started.code, "host_token": started.token}, code),
        Door("Rooms.rematch", store.rematch, {"code": started.code, "host_token": started.token, "seed": 3},
             {**code, "seed": "seed_or_none"}),
        Door("Rooms.set_coaching", store.set_coaching, {**room, "coaching": False}, {**code, "coaching": "flag"}),
        Door("Classes.reveal", classes.reveal, t, tk),
        Door("Classes.open_vote", classes.open_vote, t, tk),
        Door("Classes.end", classes.end, {"code": other.code, "teacher": other.token}, tk),
        Door("Classes.create", classes.create, {"rules": QUITLOK, "seed": 4},
             {"rules": "rules", "seed": "seed_or_none"}),
        Door("Classes.join", classes.join, {"code": teacher.code, "nickname": "Lea"},
             {"code": "text", "nickname": "text"}),
        Door("Classes.ask", classes.ask, {**t, "kind": None}, {**tk, "kind": "text_or_none"}),
        Door("Classes.for_young_class", classes.for_young_class, {**t, "young": True}, {**tk, "young": "flag"}),
        Door("Classes.ask_own", classes.ask_own, {**t, "question": OwnQuestion("Q?", ("a", "b"), 0)},
             {**tk, "question": "own_question"}),
        Door("Classes.show_board", classes.show_board, {**t, "shown": True}, {**tk, "shown": "flag"}),
        Door("Classes.hide", classes.hide, {**t, "student": pupil.student, "hidden": True},
             {**tk, "student": "index", "hidden": "flag"}),
        Door("Classes.answer", classes.answer, {"code": teacher.code, "token": pupil.token, "response": 0},
             {"code": "text", "token": "text", "response": "response"}),
        Door("Classes.version", classes.version, {"code": teacher.code}, {"code": "text"}),
        Door("Classes.pulse", classes.pulse, {"code": teacher.code, "student": pupil.token},
             {"code": "text", "student": "text_or_none"}),
        Door("Classes.view", classes.view, {"code": teacher.code, "token": pupil.token},
             {"code": "text", "token": "text"}),
        Door("Classes.results_csv", classes.results_csv, t, tk),
        Door("Classes.start_table", classes.start_table, {**t, "bank": 10, "purses": 20},
             {**tk, "bank": "chips", "purses": "chips"}),
        Door("Classes.purge", classes.purge, {"now": None}, {"now": "moment_or_none"}),
        Door("Classes.rename", classes.rename, {**t, "student": pupil.student, "nickname": "Blue Dreidel"},
             {**tk, "student": "index", "nickname": "text"}),
        Door("Classes.remove", classes.remove, {"code": other.code, "teacher": other.token, "student": 10**6},
             {"code": "text", "teacher": "text", "student": "index"}),
        Door("Classes.choose_names", classes.choose_names, {**t, "friendly": False}, {**tk, "friendly": "flag"}),
        Door("Classes.free_names", classes.free_names, {"code": teacher.code}, {"code": "text"}),
        Door("Classes.joining_names", classes.joining_names, {"code": teacher.code}, {"code": "text"}),
        Door("Classes.screen", classes.screen, {"code": teacher.code}, {"code": "text"}),
        Door("seat_table", rooms.seat_table, {"view": view, "hand_ended": False},
             {"view": "view", "hand_ended": "flag"}),
    ]


CALLS = {"made": 0}


def _knock(door: Door, name: str, value: object) -> None:
    """Call `door` with argument `name` replaced by `value`; fail on anything but an allowed outcome."""
    arguments = {**door.arguments, name: value}
    CALLS["made"] += 1
    try:
        door.call(**arguments)
    except OWN:
        return
    except Exception as error:  # noqa: BLE001  (what the sweep looks for)
        pytest.fail(f"{door.name}({name}={shown(value)}) raised {type(error).__name__}: {error}")
    if not KINDS[door.kinds[name]](value):
        pytest.fail(f"{door.name}({name}={shown(value)}) accepted a {door.kinds[name]} argument that is not one")


def _sweep(doors: list[Door], data, n: int) -> None:
    for _ in range(n):
        door = data.draw(st.sampled_from(doors), label="door")
        name = data.draw(st.sampled_from(sorted(door.arguments)), label="argument")
        _knock(door, name, data.draw(junk, label="value"))


def test_every_door_is_listed():
    """The sweep knows every public function of the five modules (a new one must be added here)."""
    listed = {d.name for d in odds_doors() + game_doors() + classroom_doors() + progress_doors()} | {"seat_table"}
    for module in (odds, game, rooms, classroom):
        functions = {n for n in module.__all__ if inspect.isfunction(getattr(module, n))}
        assert functions <= listed, functions - listed
    assert {n for n, f in vars(progress).items() if inspect.isfunction(f) and f.__module__ == progress.__name__
            and not n.startswith("_")} <= listed


SWEEP = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)


@pytest.mark.parametrize("doors", [odds_doors, game_doors, classroom_doors, progress_doors],
                         ids=lambda f: f.__name__)
def test_wrong_arguments_raise_the_librarys_own_errors(doors):
    listed = doors()
    before = CALLS["made"]

    @SWEEP
    @given(st.data())
    def sweep(data):
        _sweep(listed, data, 4)

    sweep()
    print(f"{doors.__name__}: {CALLS['made'] - before} calls")  # noqa: T201


@pytest.fixture
def stores(tmp_path):
    url = f"sqlite:///{tmp_path / 'doors.sqlite3'}"
    store, classes = Rooms(url), Classes(url)
    yield store, classes
    store.close()
    classes.close()


def test_the_stores_refuse_wrong_arguments_with_their_own_errors(stores):
    listed = store_doors(*stores)
    before = CALLS["made"]

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    @given(st.data())
    def sweep(data):
        _sweep(listed, data, 4)

    sweep()
    print(f"store_doors: {CALLS['made'] - before} calls")  # noqa: T201


#: every kind of wrong value once: the sweep above draws from these and more, at random
FIXED = [None, True, False, math.nan, math.inf, -math.inf, 1e300, -1.0, 0.5, 2.0, 10**400, 10**5000, -1, 13, 0, 99,
         -10**20,
         "no", "", "6,5", "stay", "K7QF3M", b"x", {6, 5}, frozenset({3}), {6: 1, 5: 1}, {"a": 1}, [6, 5], [-3, 30],
         [1.0, 2.5], [[6], [5]], [[[[[]]]]], object(), QUITLOK, game.Stay(), (13,), Fraction(1, 3), Fraction(7, 3), 1j]


def test_every_argument_of_every_door_refuses_every_kind_of_wrong_value(stores):
    """The same check, every door, every argument, every value of FIXED: no draw of luck."""
    before = CALLS["made"]
    for door in odds_doors() + game_doors() + classroom_doors() + progress_doors() + store_doors(*stores):
        for name in door.arguments:
            for value in FIXED:
                _knock(door, name, value)
    print(f"fixed sweep: {CALLS['made'] - before} calls")  # noqa: T201


def test_purge_refuses_a_time_that_is_not_a_real_moment_and_removes_nothing(stores):
    store, classes = stores
    seat = store.create(QUITLOK, host="Ann", bank=10, purses=20)
    teacher = classes.create(QUITLOK, seed=1)
    for now in (math.inf, math.nan, 1e12, -1.0, "now", True, 10**400, time.time() + 3600):
        for purge in (store.purge, classes.purge):
            with pytest.raises(QuitlokError, match="moment"):
                purge(now=now)
    assert store.about(seat.code).players == ("Ann",) and classes.version(teacher.code) == 1
    assert store.purge(now=time.time()) == 0 and classes.purge() == 0


def test_a_teacher_gives_booleans_and_a_pupils_number(stores):
    _, classes = stores
    teacher = classes.create(QUITLOK, seed=1)
    pupil = classes.join(teacher.code, "Kid")
    for wrong in ("no", 1, None, [True]):
        with pytest.raises(QuitlokError, match="True or False"):
            classes.show_board(teacher.code, teacher.token, wrong)
        with pytest.raises(QuitlokError, match="True or False"):
            classes.hide(teacher.code, teacher.token, pupil.student, wrong)
    for wrong in ([0], "0", 0.0, True, -1, 10**30):
        with pytest.raises(ClassroomError, match="There is no student"):
            classes.hide(teacher.code, teacher.token, wrong)
    view = classes.view(teacher.code, teacher.token)
    assert not view.board_shown and view.students[0][2] is False and view.version == 1


@pytest.mark.parametrize("cards", [{6: 1, 5: 1}, {6, 5}, frozenset({6, 5})], ids=["dict", "set", "frozenset"])
def test_a_dict_or_set_of_cards_is_no_hand(cards):
    for function in (odds.bust_chance, odds.next_card_odds, odds.stay_value):
        with pytest.raises(QuitlokError, match="not a list of cards"):
            function(cards, [], QUITLOK)
        with pytest.raises(QuitlokError, match="not a list of cards"):
            function([6], cards, QUITLOK)


def test_every_method_of_the_stores_is_a_door(stores):
    listed = {d.name for d in store_doors(*stores)}
    for store in (Rooms, Classes):
        methods = {f"{store.__name__}.{n}" for n, f in vars(store).items()
                   if inspect.isfunction(f) and not n.startswith("_") and n != "close"}
        assert methods <= listed, methods - listed
