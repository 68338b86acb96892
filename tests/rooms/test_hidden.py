"""No seat ever sees another seat's face-down card: not in its view's hands, not in the log.

The property test plays random games through `Rooms.act` with several people at the table and compares
every person's view with the whole game the database holds. The scripted tests set up the two moments
when the engine's log holds what only one seat may read (a banker who may retire, a protected 11 dealt face
down)."""

import itertools
import random
import re
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quitlok import KVITLACH, QUITLOK
from quitlok.coach import coach
from quitlok.game import PROTECTED, RETIRE, TURN, Aluvun, Bet, Blot, Draw, Keep, KeepBank, Reject, Retire, new_game
from quitlok.hand import can_call_aluvun, hand_value
from quitlok.narration import log
from quitlok.rooms import Rooms
from tests.rooms.conftest import rig, stored_state
from tests.rooms.helpers import said, settled, table

#: a card named in the log: "draws a 7", "gets an 8", "turns up a framed 11"
NAMED_CARD = re.compile(r"\ban? (?:framed )?(\d+)\b")
#: what only the banker may read of his retire chance: that he may retire, on which card, and that he kept the bank
RETIRE_CHANCE = re.compile(r"as first card|may retire|keeps? the bank\.")
#: house rules under which the banker may retire from his first hand, so the property test meets it often
EARLY_RETIRE = [replace(QUITLOK, retire_from_hand=1), replace(KVITLACH, retire_from_hand=1)]


def expected_hands(state, me):
    return tuple(tuple(c if seat == me or up else None for c, up in zip(cards, ups, strict=True))
                 for seat, (cards, ups) in enumerate(zip(state.hands, state.face_up, strict=True)))


def knowable(view) -> Counter:
    """Every card this view shows: own and face-up cards, the cards under the stock, the last hand's cards."""
    shown = Counter(c for cards in view.hands for c in cards if c is not None) + Counter(view.under)
    return shown | Counter(c for cards in view.last_cards for c in cards)


@pytest.fixture
def sqlite_rooms(tmp_path, clock):
    """The property test runs on SQLite only: what a seat may see is worked out the same on every database,
    and hypothesis plays many games."""
    store = Rooms(f"sqlite:///{tmp_path / 'hidden.sqlite3'}", clock=clock)
    yield store
    store.close()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rules=st.sampled_from([QUITLOK, KVITLACH, *EARLY_RETIRE]), people=st.integers(2, 4),
       computers=st.integers(0, 2), seed=st.integers(0, 2**32 - 1), moves=st.integers(1, 40))
def test_no_view_holds_a_card_its_seat_may_not_see(sqlite_rooms, rules, people, computers, seed, moves):
    rooms = sqlite_rooms
    names = ["Ann", "Dov", "Eve", "Fay"][:people]
    seats = table(rooms, names, ["cautious", "bold"][:computers], rules=rules, bank=8, purses=24, seed=seed)
    code, rng = seats[0].code, random.Random(seed)
    views = {s.seat: rooms.view(code, s.token) for s in seats}
    raw_events = log(stored_state(rooms, code))
    for _ in range(moves):
        settled(rooms, seats[0])  # computers may play on past one call's bounded step
        state = stored_state(rooms, code)
        reshuffled = any(line.startswith("The stock is down") for line in log(state)[len(raw_events):])
        for me in seats:
            before, view = views[me.seat], rooms.view(code, me.token)
            assert view.hands == expected_hands(state, me.seat) == view.state.hands
            assert view.face_up == state.face_up and set(view.state.stock) <= {None} and view.state.seed is None
            assert said(view)[:len(said(before))] == said(before), "a seat's log only grows"
            assert len(view.events) >= len(before.events)
            assert all(now == then or now.hidden() == then  # a secret revealed since: its hidden form before
                       for now, then in zip(view.events[:len(before.events)], before.events, strict=True))
            allowed = knowable(before) | knowable(view)
            for line in said(view)[len(said(before)):]:
                named = Counter(int(card) for card in NAMED_CARD.findall(line))
                assert reshuffled or not named - allowed, f"{names[me.seat]} reads a hidden card: {line!r}"
                others = [n for n in names + list(state.players[people:]) if n != names[me.seat]]
                assert not any(line.startswith(n + " ") and RETIRE_CHANCE.search(line) for n in others), line
            if state.phase == PROTECTED and not state.face_up[state.to_act][-1] and state.to_act != me.seat:
                assert view.phase == TURN and not view.aluvun_called
                line = log(state)[-1]
                assert said(view).count(line) == log(state).count(line) - 1
            views[me.seat] = view
        raw_events = log(state)
        if state.to_act is None or views[seats[0].seat].over:  # over by the rules, or no person has chips left
            break
        if state.aluvun_called and state.phase == TURN and 11 in state.stock[1:]:
            # a loaded stock: the protected card is an 11, so the test meets the moment its player decides
            top = state.stock.index(11)
            rig(rooms, code, replace(state, stock=(11,) + state.stock[:top] + state.stock[top + 1:]))
        me = next(s for s in seats if s.seat == state.to_act)
        legal = views[me.seat].legal
        action = Aluvun() if Aluvun() in legal and rng.random() < 0.7 else rng.choice(legal)
        rooms.act(code, me.token, action, version=views[me.seat].version)


def test_a_banker_who_may_retire_shows_his_card_to_nobody(rooms):
    rules = EARLY_RETIRE[0]
    ann, dov = table(rooms, rules=rules)
    rig(rooms, ann.code, new_game(rules, ["Ann", "Dov"], banker=0, bank=10, purses=40, stock=[5, 4], seed=1))
    mine, theirs = rooms.view(ann.code, ann.token), rooms.view(ann.code, dov.token)
    assert mine.phase == theirs.phase == RETIRE and mine.legal == (Retire(), KeepBank())
    assert "You have a 4 as first card in hand 1 and may retire." in said(mine)  # Ann reads her own chance
    assert not any(RETIRE_CHANCE.search(e) for e in said(theirs)), "nor that she could retire"
    assert theirs.hands[0] == (None,)
    rooms.act(ann.code, ann.token, KeepBank(), version=mine.version)
    mine, theirs = rooms.view(ann.code, ann.token), rooms.view(ann.code, dov.token)
    assert "You keep the bank." in said(mine)
    assert theirs.hands[0] == (None,) and not any("a 4" in e or RETIRE_CHANCE.search(e) for e in said(theirs))


def test_a_protected_11_dealt_face_down_is_hidden_until_its_player_has_decided(rooms):
    ann, dov = table(rooms, rules=KVITLACH)
    # Dov (first to play) gets a 12, Ann a 9; Dov draws a 1 (12 + 1 can count 11), calls elvaroon and gets an 11
    rig(rooms, ann.code, new_game(KVITLACH, ["Ann", "Dov"], banker=0, bank=8, purses=40, stock=[12, 9, 1, 11], seed=1))
    for action in (Bet(1), Draw(), Aluvun(), Draw()):
        view = rooms.view(ann.code, dov.token)
        rooms.act(ann.code, dov.token, action, version=view.version)
    mine, theirs = rooms.view(ann.code, dov.token), rooms.view(ann.code, ann.token)
    secret = "Dov is dealt an 11 after calling elvaroon and may reject it."
    assert mine.phase == PROTECTED and mine.legal == (Reject(), Keep())
    assert said(mine)[-1] == "You are dealt an 11 after calling elvaroon and may reject it."  # Dov reads his own
    assert theirs.phase == TURN and not theirs.aluvun_called and secret not in said(theirs)
    assert theirs.hands[1] == (None, None, None) and theirs.to_act == 1
    rooms.act(ann.code, dov.token, Keep(), version=mine.version)
    theirs = rooms.view(ann.code, ann.token)
    assert secret in said(theirs) and "Dov keeps the 11." in said(theirs)
    assert theirs.last_cards[1] == (12, 1, 11) or theirs.under[-3:] == (12, 1, 11), "kept, the 11 made 21: shown"


def test_a_protected_11_dealt_face_up_is_seen_by_everyone(rooms):
    ann, dov = table(rooms)
    rig(rooms, ann.code, new_game(QUITLOK, ["Ann", "Dov"], banker=0, bank=10, purses=40, stock=[5, 9, 6, 11], seed=1))
    for action in (Blot(), Aluvun(), Blot()):
        view = rooms.view(ann.code, dov.token)
        rooms.act(ann.code, dov.token, action, version=view.version)
    theirs = rooms.view(ann.code, ann.token)
    assert theirs.phase == PROTECTED and theirs.hands[1] == (None, 6, 11)
    assert said(theirs)[-2:] == ("Dov gets a framed 11.", "Dov is dealt an 11 after calling aluvun and may reject it.")


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH, replace(QUITLOK, twelve_values=(12, 10)),
                                   replace(QUITLOK, framed_pair_21=False)])
def test_keeping_a_protected_11_always_ends_the_turn(rules):
    """Why the hidden line may be shown once the player has decided: a hand that can count 11, plus an 11,
    makes 21 or a bust, so the turn ends and the cards are shown."""
    for size in (1, 2, 3, 4):
        for hand in itertools.product(range(1, 13), repeat=size):
            if hand.count(11) < rules.copies and max(Counter(hand).values()) <= rules.copies \
                    and can_call_aluvun(hand, rules):
                assert hand_value(hand + (11,), rules) >= 21, hand


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH])
def test_the_hint_works_on_a_seats_view(sqlite_rooms, rules):
    """quitlok.coach, given the seat's view, prices each action as it would with the whole game: the page
    can give hints without ever holding another seat's card."""
    rooms = sqlite_rooms
    seats = table(rooms, ("Ann", "Dov", "Eve"), rules=rules, bank=8, purses=24, seed=17)
    rng, priced = random.Random(17), 0
    for _ in range(25):
        state = stored_state(rooms, seats[0].code)
        if state.to_act is None:
            break
        me = seats[state.to_act]
        view = rooms.view(me.code, me.token)
        if (advice := coach(state, view.banker_stands_on)) is not None:
            assert coach(view.state, view.banker_stands_on) == advice
            priced += 1
        rooms.act(me.code, me.token, rng.choice(view.legal), version=view.version)
    assert priced >= 5
