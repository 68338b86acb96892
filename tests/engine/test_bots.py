"""Computer players: always legal, deterministic for a seed, and true to their style."""

from dataclasses import replace

import pytest

from quitlok import KVITLACH, QUITLOK
from quitlok.bots import PLAYERS, BestPlayer, RandomPlayer, bank, bold, cautious
from quitlok.game import (
    BANKER,
    RETIRE,
    Aluvun,
    Bet,
    Blot,
    Draw,
    KeepBank,
    Retire,
    Stand,
    Stay,
    apply_action,
    legal_actions,
)
from quitlok.practice import start_table
from quitlok.sim import random_game, step
from tests.engine.helpers import game, play


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH])
@pytest.mark.parametrize("make", [cautious, bold, RandomPlayer, BestPlayer])
def test_computer_players_only_take_legal_actions(rules, make):
    for seed in range(20 if make is not BestPlayer else 2):
        state = random_game(rules, 4, seed)
        players = {i: make(seed + i) for i in range(4)}
        for _ in range(300):
            if state.is_over:
                break
            action = players[state.to_act].choose(state)  # chosen once: the move checked is the move played
            assert action in legal_actions(state)
            state = apply_action(state, action)


def test_the_same_seed_plays_the_same_game():
    def replay(seed):
        state = random_game(QUITLOK, 5, 3)
        players = {i: (bold if i % 2 else cautious)(seed + i) for i in range(5)}
        for _ in range(200):
            if state.is_over:
                break
            state = step(state, players)
        return state.events

    assert replay(1) == replay(1)


def test_bold_bets_more_than_cautious():
    s = game([5, 6, 7], purses=40, bank=20)
    assert s.to_act == 1
    cautious_bet, bold_bet = cautious(1).choose(s), bold(1).choose(s)
    assert isinstance(cautious_bet, Bet) and isinstance(bold_bet, Bet) and bold_bet.n > cautious_bet.n


def test_a_banker_stands_on_the_chosen_total():
    s = play(game([10, 6, 3, 8, 12, 4]), Bet(2), Stay(), Stay())  # banker Ann holds 3
    assert s.phase == BANKER
    banker = replace(cautious(0), stands_on=15)
    s = play(s, banker.choose(s))  # 3 + 12 = 15
    assert s.value(0) == 15 and banker.choose(s) == Stand()
    assert replace(cautious(0), stands_on=16).choose(s) == Draw()


def test_the_practice_table_can_set_every_computer_bankers_total():
    table = start_table(QUITLOK, computers=3, seat=0, chips=20, bank=10, banker_stands_on=16, seed=4)
    assert {player.stands_on for player in table.players.values()} == {16}
    assert set(PLAYERS) == {"cautious", "bold", "best"}


def test_best_play_follows_the_advisor():
    s = play(game([6, 6, 7, 5]), Bet(1))  # Ben holds 6 and 5 with a stake of 1
    assert BestPlayer().choose(s) == Aluvun()
    s = play(s, Aluvun())
    assert BestPlayer().choose(s) in (Blot(), *[Bet(n) for n in range(1, 10)])


def test_best_play_beats_random_play_over_many_hands():
    """Against the same banker, the best-play seat ends richer than a random seat on average."""
    totals = {"best": 0, "random": 0}
    for seed in range(12):
        for label, make in (("best", BestPlayer), ("random", RandomPlayer)):
            state = random_game(QUITLOK, 2, seed * 2)  # seat 0 banks first
            players = {0: cautious(seed), 1: make(seed)}
            for _ in range(150):
                if state.is_over or state.banker != 0:
                    break
                state = step(state, players)
            totals[label] += state.purses[1] + state.stakes[1]
    assert totals["best"] > totals["random"]


def test_computer_players_are_described_by_their_numbers_as_the_rules_let_them_play():
    from quitlok import KVITLACH, QUITLOK
    from quitlok.bots import BestPlayer, QuietPlayer, RandomPlayer, bold, cautious
    assert bold().describe(QUITLOK) == "takes cards below 17, bets about three fifths of what is allowed; " \
                                      "as banker stands on 15"
    assert bold().describe(KVITLACH).endswith("as banker stands on 17")  # must draw on 16 or less
    assert cautious().describe(QUITLOK).startswith("takes cards below 15, bets about a fifth")
    assert "exact odds" in BestPlayer().describe(KVITLACH) and "never bets" in QuietPlayer().describe(QUITLOK)
    assert RandomPlayer().describe(QUITLOK)


def test_the_table_takes_the_banker_to_stand_where_the_rules_let_him():
    from quitlok import KVITLACH
    from quitlok.practice import start_table
    table = start_table(KVITLACH, computers=3, seat=1, chips=20, bank=8, style="bold", banker=0, seed=3)
    assert table.banker_stands_on == 17


def test_a_cautious_banker_retires_once_the_bank_has_grown_by_a_fifth():
    """retire_at 1.2 on an opening bank of 10 means a bank of 12 (in floats 1.2 x 10 is a hair over 12)."""
    class Stub:
        phase, opening_bank = RETIRE, 10

        def __init__(self, chips):
            self.bank = chips

    assert bank(Stub(12), 17, cautious().retire_at) == Retire()
    assert bank(Stub(11), 17, cautious().retire_at) == KeepBank()
