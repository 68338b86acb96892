"""Playing games out with computer players: for the table, the tests and the benchmarks."""

from collections.abc import Callable, Mapping

from quitlok.bots import ComputerPlayer, RandomPlayer
from quitlok.game import State, apply_action, new_game
from quitlok.rules import RuleSet


def step(state: State, seats: Mapping[int, ComputerPlayer]) -> State:
    """Let the computer player whose decision is next take it."""
    return apply_action(state, seats[state.to_act].choose(state))


def play_out(
    state: State,
    seats: Mapping[int, ComputerPlayer],
    *,
    max_actions: int,
    stop: Callable[[State], bool] = lambda s: False,
) -> State:
    """Apply computer players' actions until the game ends, `stop` holds, a seat
    without a computer player is to act, or `max_actions` were taken."""
    for _ in range(max_actions):
        if state.is_over or stop(state) or state.to_act not in seats:
            break
        state = step(state, seats)
    return state


def random_game(rules: RuleSet, seats: int, seed: int, *, bank: int = 10, purse: int = 30) -> State:
    """A fresh game whose every seat is a RandomPlayer's, ready for `play_out`."""
    names = [f"Player {i + 1}" for i in range(seats)]
    return new_game(rules, names, banker=seed % seats, bank=bank, purses=purse, seed=seed)


def random_players(seats: int, seed: int) -> dict[int, ComputerPlayer]:
    return {i: RandomPlayer(seed * 100 + i) for i in range(seats)}
