"""The solved game in play (issue 27, item 4; quitlok.at_best): the table the app plays from is the shipped
equilibrium, information set by information set; a State maps to the solved game's public history exactly where
the equilibrium applies and nowhere else; the banker's Hint, the best computer banker and the Advisor follow it
there; a game with the best bot replays from its seed."""

import dataclasses
import random
from math import sqrt

import pytest

from quitlok import KVITLACH, QUITLOK, at_best, equilibrium
from quitlok.actions import Bet, Draw, Keep, Reject, Stand, Stay
from quitlok.bank_odds import OpenHand
from quitlok.bots import BestPlayer, bank, bold
from quitlok.game import BANKER, PROTECTED, apply_action, legal_actions, new_game
from quitlok.moves import Move
from quitlok.solve import RANKS


@pytest.fixture(scope="module")
def solution():
    return equilibrium.shipped_solution("kvitlach")  # the tree and both best responses: about 30 s, 600 MB


def _cards(counts):
    return [r for r in RANKS for _ in range(counts[r - 1])]


@pytest.mark.xdist_group("kvitlach_tree")
def test_the_table_is_the_shipped_equilibrium_at_every_information_set(solution):
    tree = solution.tree
    stand = tree._stand_prob(solution.banker)
    compared = 0
    for t, node in enumerate(tree.bank_nodes):
        history = node["key"][:-1]
        for k, state in enumerate(tree.b_states):
            if not sum(state) or tree.b_kind[k] >= 3:  # no card yet, or 21 / bust: his turn is over
                continue
            got = at_best.banker_stand_chance([str(e) for e in history], _cards(state))
            assert got == pytest.approx(float(stand[t, k]), abs=1e-12), (history, state)
            compared += 1
            if tree.b_kind[k] == 1:  # where he chooses: the Advisor's banker's answer for what the player showed
                taken = sum(e in ("draw", Move.DRAW_ALUVUN) for e in history)
                open_hand = OpenHand(1, (None,) * (taken + 1), 0)
                answers = dict(at_best.advisor_banker(KVITLACH, _cards(state), [11] * history.count("reject"),
                                                      [open_hand]) or ())
                assert answers[tuple(str(e) for e in history)].stand == pytest.approx(float(stand[t, k]),
                                                                                        abs=1e-12)
    assert compared > 60_000
    for r in range(tree.n_rows):
        node = tree.nodes[tree.row_node[r]]
        if node.mode == "resolve":
            continue  # keep or reject: announced at the table, not in the spot (at_best's docstring, point 5)
        expected = solution.player_strategy(node.key, _cards(tree.row_x[r]))
        got = at_best.player_at_best([str(e) for e in node.key], _cards(tree.row_x[r]))
        assert got.chances == pytest.approx({str(a): p for a, p in expected.items()}, abs=1e-12), node.key


# --- playing the solved game through the engine, with a record of what the banker saw -------------------------


def _game(seed, **kw):
    return new_game(KVITLACH, ["Player", "Banker"], banker=1, bank=kw.pop("bank", 4), purses=kw.pop("purses", 20),
                    seed=seed, max_bet=kw.pop("max_bet", 1), **kw)


def _random_hand(seed):
    """One hand of the solved game, the player choosing at random and the banker too; yields (state, the public
    history the test itself recorded from the moves it made) at every decision."""
    rng = random.Random(seed)
    s = _game(seed)
    history = []
    while s.hands_finished == 0 and not s.is_over:
        yield s, tuple(history)
        legal = legal_actions(s)
        action = rng.choice(legal)
        if s.to_act == s.banker:
            s = apply_action(s, action)
            continue
        if isinstance(action, Bet):
            history.append("bet")
        elif isinstance(action, Draw):
            history += ["draw+aluvun", "on"] if s.aluvun_called else ["draw"]
        elif isinstance(action, Reject):
            history[-1] = "11?"
            history.append("reject")
        elif isinstance(action, Keep):
            history[-1] = "kept"  # announced: the spot ends
        s = apply_action(s, action)
        if s.phase == PROTECTED and history[-1] == "on":
            history[-1] = "11?"


@pytest.mark.xdist_group("kvitlach_tree")
def test_hint_bot_and_advisor_follow_the_equilibrium_wherever_a_game_reaches_it(solution):
    banker_seen = player_seen = mixed = 0
    for seed in range(400):
        for s, history in _random_hand(seed):
            spot = at_best.spot(s)
            if "kept" in history or s.phase == PROTECTED:
                assert spot is None
                continue
            assert spot is not None, (seed, history, s.phase)
            assert spot.history == history
            if s.phase == BANKER:
                cards = s.hands[s.banker]
                expected = solution.banker_strategy((*history, "stay"), cards)
                hint = at_best.banker_at_best(s)  # what the banker's Hint says
                assert hint.stand == pytest.approx(expected, abs=1e-12)
                if Stand() in legal_actions(s) and 0 < expected < 1:
                    mixed += 1
                    assert f"{100 * hint.draw:.0f}%" in at_best.banker_words(hint) or not hint.mixed
                choice = BestPlayer(seed).choose(s)
                assert choice in legal_actions(s)
                if expected in (0.0, 1.0) or Stand() not in legal_actions(s):
                    assert choice == (Stand() if expected == 1.0 else Draw())
                seen = [11] * history.count("reject")
                answers = dict(at_best.advisor_banker(KVITLACH, cards, seen,
                                                      [OpenHand(1, (None,) * len(s.hands[0]), 0)]))
                assert answers[history].stand == pytest.approx(expected, abs=1e-12)
                banker_seen += 1
            else:
                hand = s.hands[spot.player]
                expected = solution.player_strategy(history, hand)
                seen = [11] * history.count("reject")
                answers = dict(at_best.advisor_player(KVITLACH, hand, seen, stake=s.stakes[spot.player],
                                                      room=s.bet_room(spot.player), stock=None))
                assert answers[history].chances == pytest.approx({str(a): p for a, p in expected.items()},
                                                                 abs=1e-12)
                player_seen += 1
    assert banker_seen > 200 and player_seen > 500 and mixed > 0


def _mixed_spot():
    """Player 10 then 7 (17), stays with one chip; the banker holds 12 and draws 6 (18): a mixed position."""
    s = _game(0, stock=[10, 12, 7, 6])
    for action in (Bet(1), Draw(), Stay(), Draw()):
        s = apply_action(s, action)
    assert s.phase == BANKER and s.hands[1] == (12, 6)
    return s


def test_the_best_banker_mixes_at_the_equilibrium_chances_over_many_seeds():
    s = _mixed_spot()
    stand = at_best.banker_at_best(s).stand
    assert 0.1 < stand < 0.9  # mixed (about a quarter: docs/solving.md)
    n = 4000
    stood = sum(BestPlayer(seed).choose(s) == Stand() for seed in range(n))
    assert abs(stood / n - stand) < 4 * sqrt(stand * (1 - stand) / n)
    assert [BestPlayer(seed).choose(s) for seed in range(200)] == [BestPlayer(seed).choose(s) for seed in range(200)]


def test_the_banker_hint_says_the_chances_and_why():
    best = at_best.banker_at_best(_mixed_spot())
    words = at_best.banker_words(best)
    assert f"draws {100 * best.draw:.0f}% of the time and stands {100 * best.stand:.0f}%" in words
    assert "hidden" in words and "took 1 more card" in words
    assert at_best.banker_feedback(_mixed_spot(), Stand())[0] == "best"
    assert at_best.banker_feedback(_mixed_spot(), Draw())[0] == "best"


def test_a_game_with_the_best_bot_replays_from_its_seed():
    def play(seed):
        s = _game(seed, bank=8, purses=30)
        players = {0: bold(seed), 1: BestPlayer(seed + 1)}  # the best bot banks first (seat 1)
        reached = 0
        while not s.is_over and s.hands_finished < 3 and s.banker == 1:  # the best bot banks these hands
            reached += s.phase == BANKER and at_best.spot(s) is not None
            s = apply_action(s, players[s.to_act].choose(s))
        return s, reached

    games = {seed: play(seed) for seed in range(30)}
    assert sum(reached for _, reached in games.values()) > 10  # the best bot banked in the spot, often
    assert all(play(seed)[0] == state for seed, (state, _) in games.items())
    assert len({state for state, _ in games.values()}) > 1  # the seed matters


# --- outside the spot, nothing changes ------------------------------------------------------------------------


def _to_banker_choice(rules, players, max_bet, bet, second_hand):
    """A game played to the banker's first free draw-or-stand: each player bets `bet`, takes one card and stays
    (on the second hand when `second_hand`: the first is thrown in); the first seed that gets there."""
    for seed in range(100):
        s = new_game(rules, players, banker=len(players) - 1, bank=8, purses=20, seed=seed,
                     max_bet=max_bet if rules.agreed_max_bet else None)
        if second_hand:
            s = apply_action(s, Stay())  # thrown in: his cards lie face up under the stock
        for _ in range(60):
            if s.phase == BANKER and Stand() in legal_actions(s) or s.is_over or s.hands_dealt > 1 + second_hand:
                break
            legal = legal_actions(s)
            if s.to_act == s.banker:
                choice = bank(s, 17, float("inf"))
            elif not s.stakes[s.to_act]:
                choice = Bet(bet)
            else:
                choice = Draw() if len(s.hands[s.to_act]) < 2 else Stay()
            s = apply_action(s, choice if choice in legal else Stay())
        if s.phase == BANKER and Stand() in legal_actions(s) and s.hands_dealt == 1 + second_hand:
            return s
    raise AssertionError("no seed reached the banker's choice")


def test_the_spot_is_found_where_the_solved_game_is_played():
    s = _to_banker_choice(KVITLACH, ["A", "B"], 1, 1, False)
    assert at_best.spot(s) is not None and at_best.banker_at_best(s) is not None


@pytest.mark.parametrize("why", ["quitlok", "24 cards", "three seats", "room to raise", "two chips", "second hand"])
def test_outside_the_spot_the_banker_plays_and_is_advised_as_today(why):
    rules = dataclasses.replace(KVITLACH, copies=2) if why == "24 cards" else QUITLOK if why == "quitlok" \
        else KVITLACH
    players = ["A", "B", "C"] if why == "three seats" else ["A", "B"]
    max_bet = 2 if why in ("room to raise", "two chips") else 1
    s = _to_banker_choice(rules, players, max_bet, 2 if why == "two chips" else 1, why == "second hand")
    assert at_best.spot(s) is None and at_best.banker_at_best(s) is None
    assert at_best.banker_feedback(s, Stand()) is None
    for seed in range(20):
        assert BestPlayer(seed).choose(s) == bank(s, 17, 1.5)


def test_the_advisor_answers_at_best_only_in_the_spot():
    one = [OpenHand(1, (None, None), 0)]
    assert at_best.advisor_banker(KVITLACH, [12, 6], [], one)
    assert at_best.advisor_banker(dataclasses.replace(KVITLACH, copies=2), [12, 6], [], one) is None
    assert at_best.advisor_banker(KVITLACH, [12, 6], [5], one) is None  # something seen: not a fresh pack
    assert at_best.advisor_banker(KVITLACH, [12, 6], [], [OpenHand(2, (None, None), 0)]) is None
    assert at_best.advisor_banker(KVITLACH, [12, 6], [], [OpenHand(1, (None, None), 1)]) is None
    assert at_best.advisor_banker(KVITLACH, [12, 6], [], one * 2) is None
    assert at_best.advisor_player(KVITLACH, [10, 7], [], stake=1, room=0, stock=None)
    assert at_best.advisor_player(KVITLACH, [10, 7], [], stake=1, room=2, stock=None) is None
    assert at_best.advisor_player(KVITLACH, [10, 7], [], stake=1, room=0, stock=10) is None
    assert at_best.advisor_player(KVITLACH, [7], [], stake=0, room=1, stock=None)[0][1].best in ("bet", "out")
    # where the cards could have counted 11, the banker saw whether elvaroon was called: both are answered
    assert {h for h, _ in at_best.advisor_player(KVITLACH, [5, 6, 3], [], stake=1, room=0, stock=None)} == {
        ("bet", "draw", "draw"), ("bet", "draw", Move.DRAW_ALUVUN.value, "on")}
    assert at_best.outside_words(dataclasses.replace(KVITLACH, copies=2)) == ""
    assert "fresh pack" in at_best.outside_words(KVITLACH)
