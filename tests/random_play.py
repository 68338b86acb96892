"""A random player for tests that walk many games: it calls aluvun more often than chance and bets often, so that
the rarer events (aluvun, raises, the bank passing) come up in a few hundred moves."""

import random

from quitlok.actions import Aluvun, Bet
from quitlok.game import Action, State, legal_actions


def random_move(state: State, rng: random.Random) -> Action:
    """One of the moves open to whoever acts in `state`: aluvun when it may be called (60%), else a bet when one
    may be made (50%), else any."""
    legal = legal_actions(state)
    bets = [a for a in legal if isinstance(a, Bet)]
    return (Aluvun() if Aluvun() in legal and rng.random() < .6 else
            rng.choice(bets) if bets and rng.random() < .5 else rng.choice(legal))
