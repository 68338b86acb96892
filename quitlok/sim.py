"""Playing games out with computer players: for the table, the tests and the benchmarks."""

from collections.abc import Mapping

from quitlok.bots import ComputerPlayer, RandomPlayer
from quitlok.game import State, apply_action, new_game
from quitlok.rules import RuleSet


def step(state: State, seats: Mapping[int, ComputerPlayer]) -> State:
    """Let the computer player whose decision is next take it."""
    return apply_action(state, seats[state.to_act].choose(state))


def random_game(rules: RuleSet, seats: int, seed: int, *, bank: int = 10, purse: int = 30) -> State:
    """A fresh game with `seats` seats, named Player 1, Player 2, ..."""
    names = [f"Player {i + 1}" for i in range(seats)]
    return new_game(rules, names, banker=seed % seats, bank=bank, purses=purse, seed=seed)


def random_players(seats: int, seed: int) -> dict[int, ComputerPlayer]:
    """A RandomPlayer for every seat."""
    return {i: RandomPlayer(seed * 100 + i) for i in range(seats)}
