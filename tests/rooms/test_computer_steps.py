"""The computer seats' bounded steps (issue 22), on the engine alone: whatever the game, one call makes at most
MAX_COMPUTER_MOVES moves, stops for a person, and ends the game once no person has a chip left."""

from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from quitlok import KVITLACH, QUITLOK
from quitlok.bots import PLAYERS
from quitlok.events import RoomNote
from quitlok.game import new_game
from quitlok.rooms import store
from quitlok.sim import step

#: the quick computer players (a best-play one decides in a millisecond or more: the same steps, slower)
STYLES = st.sampled_from(["cautious", "bold"])


def chips(state, seat: int) -> int:
    return state.purses[seat] + state.stakes[seat] + (state.bank if seat == state.banker else 0)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**16), rules=st.sampled_from([QUITLOK, KVITLACH]), styles=st.lists(STYLES, min_size=2,
       max_size=4), people=st.integers(1, 2), moves=st.integers(0, 250), purses=st.integers(4, 60))
def test_a_call_plays_a_bounded_step_and_ends_a_game_nobody_can_play(seed, rules, styles, people, moves, purses):
    n = people + len(styles)
    seats = [SimpleNamespace(seat=s, style=None if s < people else styles[s - people], bot_seed=seed + s)
             for s in range(n)]
    state = new_game(rules, [f"P{s}" for s in range(n)], banker=seed % n, bank=min(4, purses), purses=purses,
                     seed=seed)
    everyone = {s: PLAYERS[(styles + ["bold"])[s % len(styles)]](seed + s) for s in range(n)}
    for _ in range(moves):  # anywhere in a game: the people's seats played by computers up to here
        if state.is_over or all(chips(state, s) == 0 for s in range(people)):
            break
        state = step(state, everyone)
    total = sum(chips(state, s) for s in range(n))
    counted = []
    real, budget = store.step, store.COMPUTER_SECONDS
    store.step = lambda state, computers: counted.append(1) or real(state, computers)
    store.COMPUTER_SECONDS = 1e9  # the bound in moves alone, whatever the machine's speed
    try:
        values = store._played(state, seats)
    finally:
        store.step, store.COMPUTER_SECONDS = real, budget
    after = values["state"]  # the game to write, with the events this step made
    assert len(counted) <= store.MAX_COMPUTER_MOVES
    assert sum(chips(after, s) for s in range(n)) == total, "chips are conserved"
    out = all(chips(after, s) == 0 for s in range(people))
    if values.get("ended"):
        assert out and not after.is_over and after.events[-1] == RoomNote("people_out")
    else:
        assert after.is_over or not out, "a game no person can play in is ended"
        assert after.is_over or after.to_act < people or len(counted) == store.MAX_COMPUTER_MOVES, \
            "the step stops for a person, at the game's end, or at its bound"
