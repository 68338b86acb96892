"""Nothing secret in a seat's log (quitlok.seat_log), in words as narration says them to the seat: over many random
games, both presets and house rules, no seat reads a card it could not see at a table, nor another seat's retire
chance (tests/engine/test_events.py checks the same of the events a seat sees, `observe`); and the practice table
shows the learner only that log, with a computer banker who keeps the bank never seen deciding.

(tests/rooms/test_hidden.py plays the same check through a room's views.)"""

import random
import re
from collections import Counter
from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from quitlok import KVITLACH, QUITLOK
from quitlok import events as ev
from quitlok.bots import cautious
from quitlok.game import (
    RETIRE,
    Aluvun,
    Bet,
    Draw,
    KeepBank,
    Retire,
    Stay,
    apply_action,
    legal_actions,
    new_game,
    observe,
)
from quitlok.narration import YOU, sentences
from quitlok.practice import PracticeTable, start_table
from quitlok.seat_log import protected_face_down, seat_events
from tests.engine.helpers import game, play

#: a card named in the log: "draws a 7", "gets an 8", "turns up a framed 11"
NAMED_CARD = re.compile(r"\ban? (?:framed )?(\d+)\b")
#: what only the banker may read of his retire chance
RETIRE_CHANCE = re.compile(r"as first card|may retire|keeps? the bank\.")

#: the presets, and house rules under which the banker may retire from his first hand (so that a random game
#: meets the chance often, also after a mid-hand settlement), with single rules changed as a table might
RULES = [
    QUITLOK,
    KVITLACH,
    replace(QUITLOK, retire_from_hand=1),
    replace(KVITLACH, retire_from_hand=1),
    replace(QUITLOK, retire_from_hand=1, retire_cards=(4, 7, 10), copies=4, banker_must_reach=17),
    replace(QUITLOK, retire_from_hand=2, blots=False, alternate_direction=False, framed_pair_21=False),
    replace(QUITLOK, retire_from_hand=1, aluvun=False, agreed_max_bet=True, bank_share=Fraction(1, 2)),
    replace(KVITLACH, retire_from_hand=1, copies=2, elvaroon_raise=False, twelve_values=(12, 9)),
]


def knowable(state, seat) -> Counter:
    """Every card `seat` sees: its own, every face-up card, the cards under the stock, the last hand's cards."""
    own = Counter(c for c in state.hands[seat])
    shown = Counter(c for cards, ups in zip(state.hands, state.face_up, strict=True)
                    for c, up in zip(cards, ups, strict=True) if up)
    last = Counter(c for cards in state.last_cards for c in cards)
    return (own | shown) + Counter(state.under) | last


def check_new_lines(before, after, seat, name, old=None):
    """The lines `seat` reads after an action name only cards it saw before or after the action, and never
    another seat's retire chance. Returns the lines it reads after (`old`: those it read before, if known)."""
    old, new = seat_events(before, seat) if old is None else old, seat_events(after, seat)
    assert new[:len(old)] == old, "a seat's log only grows"
    allowed = knowable(before, seat) | knowable(after, seat)
    lines = new[len(old):]
    happened = after.events[len(before.events):]
    if any(isinstance(e, ev.Reshuffled) for e in happened):
        # cards shown in this action may already be back in the new stock: allow what lay on the table before, and
        # the cards dealt face up in this action before the reshuffle took them (a banker's last draw)
        allowed |= (Counter(c for cards in before.hands for c in cards) + Counter(before.under)
                    + Counter(e.card for e in happened if isinstance(e, ev.CardDealt) and e.face_up))
    for line in lines:
        named = Counter(int(card) for card in NAMED_CARD.findall(line))
        assert not named - allowed, f"{name} reads a card it could not see: {line!r}"
        if not line.startswith("You "):  # the seat's own lines speak to it ("You have a 7 as first card...")
            assert not RETIRE_CHANCE.search(line), f"{name} reads another seat's retire chance: {line!r}"
    return new


@settings(max_examples=150, deadline=None)
@given(rules=st.sampled_from(RULES), seats=st.integers(2, 5), seed=st.integers(0, 2**32 - 1))
def test_no_seat_reads_a_card_it_could_not_see(rules, seats, seed):
    names = ["Ann", "Ben", "Cy", "Dov", "Eve"][:seats]
    state = new_game(rules, names, banker=seed % seats, bank=8, purses=30, seed=seed)
    rng = random.Random(seed)
    read = [None] * seats  # each seat's lines after the last action (each action narrates the log once a seat)
    for _ in range(160):
        if state.is_over:
            break
        legal = legal_actions(state)
        bets = [a for a in legal if isinstance(a, Bet)]
        # aluvun and bets often, so that protected cards, early settlements and new banker's cards come
        action = (Aluvun() if Aluvun() in legal and rng.random() < 0.7
                  else rng.choice(bets) if bets and rng.random() < 0.5 else rng.choice(legal))
        after = apply_action(state, action)
        read = [check_new_lines(state, after, seat, name, read[seat]) for seat, name in enumerate(names)]
        state = after


def test_the_retire_chance_and_keeping_the_bank_are_the_bankers_alone():
    # hand 1 may already be a retire chance; Ann (banker) is dealt a 7 last, after Ben's 5 and Cy's 9
    rules = replace(QUITLOK, retire_from_hand=1)
    state = game([5, 9, 7], rules)
    assert state.phase == RETIRE
    chance = ev.MayRetire(0, 7, hand=1)
    assert chance in observe(state, 0).events
    for seat in (1, 2):
        seen = observe(state, seat).events
        assert chance not in seen and seen[state.events.index(chance)] == ev.MayRetire(0, None, hand=0)
        assert seat_events(state, seat) == sentences(seen, state.players, seat)
    kept = apply_action(state, KeepBank())
    assert ev.KeptBank(0, 7) in observe(kept, 0).events
    assert ev.KeptBank(0, 7) not in observe(kept, 1).events and ev.KeptBank(0, None) in observe(kept, 1).events
    retired = apply_action(state, Retire())
    assert ev.Retired(0, 7, bank=10) in observe(retired, 1).events, "retiring shows the card"
    # in words (quitlok.narration): the banker reads his chance, the others nothing of it
    assert "You have a 7 as first card in hand 1 and may retire." in seat_events(state, 0)  # Ann reads her own
    assert not any(RETIRE_CHANCE.search(line) for line in seat_events(kept, 1))


def test_the_banker_s_new_card_after_an_early_settlement_stays_his():
    # Ben bets the whole bank on 10 + 10; Ann plays early on 9 + 12 (21) and wins; her new card, a 4, is a
    # retire chance under these rules, which Cy must not read
    rules = replace(QUITLOK, retire_from_hand=1)
    state = play(game([10, 6, 9, 10, 12, 4], rules), Bet(10), Stay(), Draw())
    assert state.phase == RETIRE and state.hands[0] == (4,) and not state.face_up[0][0]
    assert ev.MayRetire(0, 4, hand=1) in observe(state, 0).events
    for seat in (1, 2):
        assert 4 not in [card for e in observe(state, seat).events[-3:] for card in e.cards()]
        assert ev.MayRetire(0, None, hand=0) in observe(state, seat).events
        assert not any(RETIRE_CHANCE.search(line) for line in seat_events(state, seat)), "nor in words"


def test_onlookers_read_no_private_line():
    rules = replace(KVITLACH, retire_from_hand=1)
    state = game([5, 9, 7], rules)
    assert ev.MayRetire(0, None, hand=0) in observe(state, None).events
    assert not any(RETIRE_CHANCE.search(line) for line in seat_events(state, None))


# --- the practice table -------------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(rules=st.sampled_from(RULES), computers=st.integers(1, 4), seed=st.integers(0, 2**32 - 1),
       style=st.sampled_from(["mixed", "cautious", "bold"]))
def test_the_practice_table_shows_the_learner_nothing_secret(rules, computers, seed, style):
    """The learner's log at the practice table (what the page's log draws) names no card the learner could not
    see; a computer banker who may retire is never seen deciding unless he retires (and then shows his card)."""
    table = start_table(rules, computers=computers, seat=seed % (computers + 1), chips=30, bank=8, style=style,
                        seed=seed % 10**6)
    rng = random.Random(seed)
    me = table.human
    for _ in range(120):
        s = table.state
        if s.is_over:
            break
        if s.phase == RETIRE and not table.humans_turn:
            assert table.players[s.to_act].choose(s) == Retire(), "the learner sees a computer banker deciding"
        if table.humans_turn:
            legal = legal_actions(s)
            bets = [a for a in legal if isinstance(a, Bet)]
            after = table.act(rng.choice(bets) if bets and rng.random() < 0.5 else rng.choice(legal))
        else:
            after = table.step()
        assert after.log == seat_events(after.state, me)
        check_new_lines(s, after.state, me, YOU, table.log)
        if protected_face_down(after.state) and after.state.to_act != me:
            # this hand's protected 11 (an earlier hand's is shown once its player's decision is made)
            dealt = max((i for i, e in enumerate(after.events) if isinstance(e, ev.HandDealt)), default=0)
            assert all(e.card is None for e in after.events[dealt:] if isinstance(e, ev.ElevenProtected)
                       and e.seat == after.state.to_act)
        table = after


def test_a_computer_banker_who_keeps_the_bank_does_so_at_once():
    # hand 1: you 5, Bella (banker) 6; you throw in, and hand 2 deals you a 9 and Bella a 7: a retire chance
    rules = replace(QUITLOK, retire_from_hand=1)
    state = new_game(rules, ["Bella", YOU], banker=0, bank=10, purses=20, stock=[5, 6, 9, 7])
    table = PracticeTable(state=state, human=1, computers=((0, cautious(0)),)).act(Stay())
    assert table.hand_ended and table.state.hand_number == 2 and table.state.hands[0] == (7,)
    assert table.state.phase != RETIRE and table.humans_turn, "she kept the bank at once, unseen"
    assert ev.KeptBank(0, 7) in table.state.events, "the engine's log keeps it, for her"
    assert ev.KeptBank(0, None) in table.events, "the learner's log hides it"
    assert not any(RETIRE_CHANCE.search(line) for line in table.log)
