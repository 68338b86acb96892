"""The log as events (quitlok.events), its words (quitlok.narration) and a seat's view (quitlok.game.observe).

- Over random games, both presets and house rules, the narration of the events is the engine's old prose
  byte for byte, and the seats' status lines are the old ones: tests/engine/prose_oracle.py is the engine as
  it was before the log became events (a frozen copy, kept as the oracle), played with the same moves.
- No view `observe(state, s)` holds a card seat `s` may not see, in any event of the past.
- A game saved in the format before events is read: its sentences narrate as themselves, its statuses are
  structured, and it plays on as the old engine would have.
- The bots' per-move seed is the move counter, not the length of the log.
"""

import json
import random
from dataclasses import fields, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quitlok import KVITLACH, QUITLOK
from quitlok import events as ev
from quitlok.bots import RandomPlayer, cautious
from quitlok.errors import InvalidSetup
from quitlok.game import (
    Aluvun,
    Bet,
    Draw,
    Keep,
    KeepBank,
    Reject,
    SeatStatus,
    State,
    apply_action,
    legal_actions,
    new_game,
    observe,
    seen_events,
)
from quitlok.narration import YOU, log, sentence, sentences, status_line
from quitlok.rooms.seat_view import seat_state
from quitlok.seat_log import seat_events
from quitlok.state_json import rules_to_dict, state_from_json, state_to_json
from tests.engine import prose_oracle as old
from tests.engine.test_seat_log import RULES

NAMES = ["Ann", "Ben", "Cy", "Dov", "Eve"]


def _names(seats: int, you: int | None) -> list[str]:
    names = NAMES[:seats]
    if you is not None:
        names[you % seats] = YOU
    return names


def _choose(rng: random.Random, legal: list):
    """Aluvun and bets often, so that protected cards, early settlements and new banker's cards come."""
    bets = [a for a in legal if isinstance(a, Bet)]
    if Aluvun() in legal and rng.random() < 0.6:
        return Aluvun()
    if bets and rng.random() < 0.5:
        return rng.choice(bets)
    return rng.choice(legal)


games = dict(rules=st.sampled_from([QUITLOK, KVITLACH, *RULES]), seats=st.integers(2, 5),
             you=st.none() | st.integers(0, 4), seed=st.integers(0, 2**32 - 1), choose=st.booleans())


@settings(max_examples=60, deadline=None)
@given(**games)
def test_the_narration_of_the_events_is_the_old_prose(rules, seats, you, seed, choose):
    names = _names(seats, you)
    setup = dict(banker=seed % seats, bank=8, purses=30, seed=seed, choose_stake=choose)
    new, was = new_game(rules, names, **setup), old.new_game(rules, names, **setup)
    rng = random.Random(seed)
    for moves in range(250):
        assert new.moves == moves
        assert _lines(new) == (was.status, was.last_hand)
        if moves % 4 == seed % 4 or new.is_over:  # the whole log, read by every seat, after every fourth move
            assert log(new) == was.events  # (a game's first moves to its end: each check reads the whole log)
            for seat in [None, *range(seats)]:  # every seat's log as the old seat_log cut it out of sentences (the
                # old prose named every seat but the one named "You": worded here for no reader in particular)
                assert sentences(seen_events(new.events, seat), new.players) == _old_seat_events(was, seat)
        if new.is_over:
            break
        legal = legal_actions(new)
        assert legal == old.legal_actions(was)
        action = _choose(rng, legal)
        new, was = apply_action(new, action), old.apply_action(was, action)
    assert log(new) == was.events  # the whole log once more where the walk stopped
    for seat in [None, *range(seats)]:
        assert sentences(seen_events(new.events, seat), new.players) == _old_seat_events(was, seat)


def _lines(state):
    """The seats' statuses now and as the last hand ended, in narration's words: the old engine's status lines."""
    return tuple(map(status_line, state.seat_status)), tuple(map(status_line, state.last_status))


def _old_seat_events(state, seat):
    """What the seat_log of before events gave a seat (its rules, on the old engine's sentences)."""
    names = state.players
    pending = None
    if state.phase == old.PROTECTED and not state.face_up[state.to_act][-1] and state.to_act != seat:
        mine = names[state.to_act] + " "
        pending = max(i for i, line in enumerate(state.events)
                      if line.startswith(mine) and "dealt an 11 after calling" in line)
    others = [name for other, name in enumerate(names) if other != seat]

    def private(line):
        for name in others:
            rest = line.removeprefix(name + " ")
            if rest != line and (rest in ("keeps the bank.", "keep the bank.") or " as first card in hand " in rest):
                return True
        return False

    return tuple(line for i, line in enumerate(state.events) if i != pending and not private(line))


def _may_see(events, i: int, seat: int | None) -> bool:
    """The secrecy rule, written out apart from the events' own: may `seat` see what event i carries?"""
    event = events[i]
    if isinstance(event, ev.CardDealt):
        return event.face_up or event.seat == seat
    if isinstance(event, ev.MayRetire | ev.KeptBank):
        return event.seat == seat
    if isinstance(event, ev.ElevenProtected):
        decided = any(isinstance(e, ev.ElevenRejected | ev.ElevenKept) and e.seat == event.seat
                      for e in events[i + 1:i + 3])
        return event.face_up or event.seat == seat or decided
    return True


@settings(max_examples=40, deadline=None)
@given(**games)
def test_no_view_holds_a_card_its_seat_may_not_see(rules, seats, you, seed, choose):
    names = _names(seats, you)
    state = new_game(rules, names, banker=seed % seats, bank=8, purses=30, seed=seed, choose_stake=choose)
    rng = random.Random(seed)
    for _ in range(120):
        for seat in [None, *range(seats)]:
            view = observe(state, seat)
            assert view.seat == seat and len(view.events) == len(state.events)
            for other, (cards, ups, shown) in enumerate(zip(state.hands, state.face_up, view.hands, strict=True)):
                assert shown == tuple(c if up or other == seat else None for c, up in zip(cards, ups, strict=True))
            for i, (event, seen) in enumerate(zip(state.events, view.events, strict=True)):  # every past event
                if _may_see(state.events, i, seat):
                    assert seen == event
                else:
                    assert type(seen) is type(event) and seen.cards() == () and seen.card is None
                    assert sentence(seen, names, seat) is None, "a hidden event says nothing"
            # what a room gives the seat holds nothing else: its State is drawn from the view
            shown = seat_state(state, seat)
            assert shown.events == view.events and shown.hands == view.hands and shown.seed is None
            assert set(shown.stock) <= {None}
        if state.is_over:
            break
        state = apply_action(state, _choose(rng, legal_actions(state)))


def test_a_protected_11_dealt_face_down_is_hidden_until_decided_and_a_kept_bank_stays_the_bankers():
    rules = replace(KVITLACH, retire_from_hand=1)
    # Ann banks; Ben gets 6 then 5 (11), calls elvaroon and is dealt an 11 face down
    state = new_game(rules, NAMES[:2], banker=0, bank=8, purses=30, stock=[6, 4, 5, 11, 3, 9], seed=1)
    state = apply_action(state, KeepBank())
    kept = [e for e in state.events if isinstance(e, ev.KeptBank)]
    assert kept and observe(state, 1).events[state.events.index(kept[0])].card is None
    assert "You keep the bank." in seat_events(state, 0) and "Ann keeps the bank." not in seat_events(state, 1)
    state = apply_action(state, Bet(1))
    state = apply_action(state, Draw())  # the 5: 11
    state = apply_action(state, Aluvun())
    state = apply_action(state, Draw())  # the 11, face down
    protected = [e for e in state.events if isinstance(e, ev.ElevenProtected)]
    assert protected and not protected[-1].face_up
    i = state.events.index(protected[-1])
    assert observe(state, 0).events[i].card is None and observe(state, None).events[i].card is None
    assert observe(state, 1).events[i] == protected[-1]
    assert observe(state, 0).phase != state.phase == "protected"
    for decision in (Reject(), Keep()):
        after = apply_action(state, decision)
        assert observe(after, 0).events[i] == protected[-1], "the decision shows the 11 to everyone"


def _old_format(state) -> str:
    """The old engine's State as the rooms kept it before events (state_json's format 1)."""
    data = {"format": 1}
    for f in fields(state):
        value = getattr(state, f.name)
        data[f.name] = rules_to_dict(value) if f.name == "rules" else json.loads(json.dumps(value))
    return json.dumps(data)


@settings(max_examples=25, deadline=None)
@given(**games)
def test_a_game_saved_before_events_is_read_and_plays_on_as_before(rules, seats, you, seed, choose):
    names = _names(seats, you)
    was = old.new_game(rules, names, banker=seed % seats, bank=8, purses=30, seed=seed, choose_stake=choose)
    rng = random.Random(seed)
    for _ in range(rng.randrange(120)):
        if was.is_over:
            break
        was = old.apply_action(was, _choose(rng, old.legal_actions(was)))
    loaded = state_from_json(_old_format(was))
    # every old sentence is read back as the event it words (narration.events_from_lines), narrated as the
    # old engine wrote it
    assert log(loaded) == was.events and not any(isinstance(e, ev.Prose) for e in loaded.events), [
        e for e in loaded.events if isinstance(e, ev.Prose)]
    assert _lines(loaded) == (was.status, was.last_hand)
    assert all(isinstance(s, SeatStatus) for s in loaded.seat_status + loaded.last_status)
    assert loaded.moves == len(was.events)
    assert state_from_json(state_to_json(loaded)) == loaded
    for _ in range(60):  # it plays on, the log in the same words as the old engine's
        if loaded.is_over:
            break
        action = _choose(rng, legal_actions(loaded))
        loaded, was = apply_action(loaded, action), old.apply_action(was, action)
        assert log(loaded) == was.events and _lines(loaded) == (was.status, was.last_hand)


@pytest.mark.parametrize("line", ["won 2 with", "banker: 21, then a new card: maybe", "banker: x", "sitting"])
def test_an_old_status_that_no_status_words_is_refused(line):
    state = old.new_game(QUITLOK, NAMES[:3], banker=0, bank=8, purses=30, seed=3)
    data = json.loads(_old_format(state))
    data["status"][1] = line
    with pytest.raises(InvalidSetup, match="no seat's status"):
        state_from_json(json.dumps(data))


def test_a_damaged_event_is_refused():
    state = new_game(QUITLOK, NAMES[:3], banker=0, bank=8, purses=30, seed=3)
    data = json.loads(state_to_json(state))
    data["events"][0] = {"e": "NoSuchEvent"}
    with pytest.raises(InvalidSetup, match="unknown event"):
        state_from_json(json.dumps(data))
    data["events"][0] = {"e": "BankStaked", "seat": 0}
    with pytest.raises(InvalidSetup, match="needs the fields"):
        state_from_json(json.dumps(data))


def test_every_event_type_is_saved_and_read_back():
    # a long random game meets most types; each saved one comes back equal
    seen = set()
    for seed in range(30):
        rules = [QUITLOK, KVITLACH, *RULES][seed % 10]
        state = new_game(rules, NAMES[:4], banker=0, bank=8, purses=30, seed=seed, choose_stake=seed % 2 == 0)
        rng = random.Random(seed)
        while not state.is_over and state.moves < 300:
            state = apply_action(state, _choose(rng, legal_actions(state)))
        assert state_from_json(state_to_json(state)) == state
        seen |= {type(e) for e in state.events}
    assert len(seen) >= len(ev.EVENT_TYPES) - 3, sorted(set(ev.EVENT_TYPES) - {t.__name__ for t in seen})


def test_the_move_counter_counts_decisions_and_seeds_the_bots():
    state = new_game(QUITLOK, NAMES[:3], banker=0, bank=8, purses=30, seed=5)
    assert state.moves == 0
    rng, bots = random.Random(5), (RandomPlayer(seed=1), cautious(seed=1))
    for moves in range(1, 60):
        state = apply_action(state, _choose(rng, legal_actions(state)))
        assert state.moves == moves
        if state.is_over:
            break
        # a room adds its own notes to the log: a bot decides the same with or without them
        for notes in range(1, 4):
            noted = replace(state, events=state.events + (ev.Prose("Ben left the table."),) * notes)
            for bot in bots:
                assert bot.choose(noted) == bot.choose(state)


def test_every_state_field_is_kept_by_an_action():
    # thaw and freeze follow State's fields: an action changes only what it changes
    state = new_game(KVITLACH, NAMES[:3], banker=0, bank=8, purses=30, seed=5)
    after = apply_action(state, legal_actions(state)[0])
    assert {f.name for f in fields(State)} == set(after.__dataclass_fields__)
    assert after.rules is state.rules and after.players == state.players and after.seed == state.seed


def test_narration_speaks_to_you_and_words_a_status():
    assert sentences([ev.BankStaked(0, 10), ev.BankStaked(1, 10)], ["You", "Bella"]) == (
        "You take the bank and stake 10.", "Bella takes the bank and stakes 10.")
    assert sentence(ev.HandDealt(2, 0, 10, -1, 1), ["You", "Bella"]) == (
        "Hand 2 of your bank (bank 10): dealt anticlockwise, starting with Bella.")
    assert sentence(ev.CardDealt(1, 7, face_up=False), ["You", "Bella"]) is None
    assert status_line(SeatStatus("banker", results=(21, None), new_card=True)) == (
        "banker: 21, then a new card: bust, then a new card")
    assert status_line(SeatStatus("lost", stake=3, value=18, nth=2)) == "lost 3 with 18 (2nd settlement)"
