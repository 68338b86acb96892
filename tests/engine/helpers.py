"""Scripted games: a stock whose top cards the test chooses."""

from quitlok import QUITLOK, RuleSet
from quitlok.game import Action, State, apply_action, new_game

NAMES = ["Ann", "Ben", "Cy", "Dov", "Eve", "Fay", "Gil", "Hod"]


def game(stock, rules: RuleSet = QUITLOK, *, seats: int = 3, banker: int = 0, bank: int = 10,
         purses=20) -> State:
    """A new game with `stock` on top; Ann (seat 0) banks unless told otherwise."""
    return new_game(rules, NAMES[:seats], banker=banker, bank=bank, purses=purses, stock=stock, seed=7)


def play(state: State, *actions: Action) -> State:
    for action in actions:
        state = apply_action(state, action)
    return state
