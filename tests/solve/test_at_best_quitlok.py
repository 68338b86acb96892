"""Quitlok's solved game in play (issue 27, item 4; quitlok.at_best): the banker's table the app reads is the shipped
equilibrium at every position it keeps (sampled, recomputed from the strategies), and keeps every position a hand
reaches; a Quitlok State maps to the solved game's public history (blots, the bet, aluvun, an 11 thrown in); the
banker's Hint, the best computer banker and the Advisor follow the equilibrium there, and the old play elsewhere."""

import dataclasses
import random
from math import sqrt

import numpy as np
import pytest

from quitlok import QUITLOK, at_best
from quitlok.actions import Aluvun, Bet, Blot, Draw, Reject, Stand, Stay
from quitlok.bank_odds import OpenHand
from quitlok.bots import BestPlayer, bank
from quitlok.game import BANKER, PROTECTED, apply_action, legal_actions, new_game
from quitlok.solve import PLAYER_ACTIONS, RANKS, load_strategies, shipped_path
from tests.solve.test_solve import _quitlok_tree

#: the table keeps chances in bytes (at_best.STEPS): within half a step of the equilibrium's
STEP = 0.5 / at_best.STEPS + 1e-12


@pytest.fixture(scope="module")
def shipped():
    """Quitlok's tree, its shipped strategies and, per banker slot, how often a hand reaches it and his chance of
    standing (about 60 s and 2.5 GB)."""
    tree = _quitlok_tree()
    player, banker, kept = load_strategies(tree, shipped_path("quitlok"))
    gb = tree.grouped
    weight = gb.weights(tree.bank_weights(player, tree.player_reach(player)), banker)
    stand = gb.stand_prob(banker)
    bank_of = {at_best.key_text(node["key"]): t for t, node in enumerate(tree.bank_nodes)}
    node_of = {at_best.key_text(node.key): k for k, node in enumerate(tree.nodes)}
    row_of = {(tree.row_node[r], tree.row_x[r]): r for r in range(tree.n_rows)}
    return dict(tree=tree, player=player, banker=banker, kept=kept, weight=weight, stand=stand, bank_of=bank_of,
                node_of=node_of, row_of=row_of)


def _cards(counts):
    return [r for r in RANKS for _ in range(counts[r - 1])]


def _counts(cards):
    cards = list(cards)
    return tuple(cards.count(r) for r in RANKS)


def _hidden(s, history):
    """The player's face-down cards as the solved game's row counts them: a protected 11 that came face down is
    not yet his (it is kept or thrown in first)."""
    cards = [c for c, up in zip(s.hands[0], s.face_up[0], strict=True) if not up]
    if s.phase == PROTECTED and history and history[-1] == "11?":
        cards.remove(11)
    return _counts(cards)


def _equilibrium(shipped, history, cards):
    """(how often a hand reaches the banker's position, his chance of standing there) from the shipped strategies
    themselves; None where the layout has no decision (20 or more: he stands)."""
    t = shipped["bank_of"].get(at_best.key_text((*history, "stay")))
    k = None if t is None else shipped["tree"].grouped.slot(t, _counts(cards))
    return None if k is None else (float(shipped["weight"][k]), float(shipped["stand"][k]))


def record(history: list, move: str, s, card) -> None:
    """The public history's next entries after the player's `move` (not a throw-in): a blot's face-up `card`, a
    bet, or a bet with aluvun and whether its card is the protected 11 ("11?") or not ("on")."""
    if move in ("blot", "blot+aluvun"):
        history += [move, card]
    elif move == "bet":
        history.append("bet")
    else:
        history += ["bet+aluvun", "11?" if s.phase == PROTECTED else "on"]


@pytest.mark.xdist_group("quitlok_tree")
def test_the_table_is_the_shipped_equilibrium_where_a_hand_reaches_and_only_there(shipped):
    tree, weight, stand = shipped["tree"], shipped["weight"], shipped["stand"]
    gb = tree.grouped
    choosing = ~(gb.forced | gb.cannot)
    reached = choosing & (weight >= at_best.REACHED) & shipped["kept"]
    table = at_best.quitlok_table()
    assert int((table.chances != at_best.NOT_KEPT).sum()) == int(((weight >= at_best.REACHED) & shipped["kept"]).sum())
    offsets = np.array([grp.offset for grp in gb.groups])
    rng = np.random.default_rng(27)
    compared = mixed = 0
    # 1,500 positions a hand reaches, and 200 more among those where the banker mixes (a random 1,500 of the
    # shipped strategies' hold only a few of them), and 1,500 it does not reach
    mixing = np.flatnonzero(reached & (stand > at_best.PURE) & (stand < 1 - at_best.PURE))
    samples = (("reached", np.concatenate([rng.choice(np.flatnonzero(reached), size=1500, replace=False),
                                           rng.choice(mixing, size=200, replace=False)])),
               ("not", rng.choice(np.flatnonzero(choosing & ~reached), size=1500, replace=False)))
    for kind, sample in samples:
        for k in sample:
            grp = gb.groups[int(np.searchsorted(offsets, k, side="right")) - 1]
            state, local = divmod(int(k) - grp.offset, len(grp.nodes))
            history = tree.bank_nodes[int(grp.nodes[local])]["key"][:-1]
            got = at_best.banker_stand_chance(history, _cards(grp.states[state]), "quitlok")
            if kind == "reached":
                assert got == pytest.approx(float(stand[k]), abs=STEP), (history, grp.states[state])
                mixed += at_best.PURE < got < 1 - at_best.PURE
                compared += 1
            else:
                assert got is None, (history, grp.states[state], weight[k])
    assert compared == 1700 and mixed > 150  # (a chance within half a step of pure may read as pure)


# --- playing the solved game through the engine, the player at his best ---------------------------------------


def _game(seed, **kw):
    """Quitlok, two seats, a fresh pack, one chip of room (the bank covers one chip)."""
    return new_game(QUITLOK, ["Player", "Banker"], banker=1, bank=kw.pop("bank", 1), purses=20, seed=seed, **kw)


def _hand_at_best(shipped, seed):
    """One hand of the solved game, the player following the shipped strategy (sampled), the banker at random; yields
    (state, the public history the test recorded from the moves it made) at every banker's decision."""
    rng = random.Random(seed)
    tree, player = shipped["tree"], shipped["player"]
    s = _game(seed)
    history: list = []
    while s.hands_finished == 0 and not s.is_over:
        if s.to_act == s.banker:
            if s.phase == BANKER:
                yield s, tuple(history)
            s = apply_action(s, rng.choice(legal_actions(s)))
            continue
        node = shipped["node_of"][at_best.key_text(history)]
        r = shipped["row_of"][(node, _hidden(s, history))]
        a, b = tree.row_slot_start[r], tree.row_slot_start[r + 1]
        slots = list(range(a, b))
        move = str(PLAYER_ACTIONS[int(tree.slot_action_a[rng.choices(slots, [player[k] for k in slots])[0]])])
        if move == "keep":
            return  # announced at the table (and a bust): no banker's decision follows
        actions = {"stay": [Stay()], "blot": [Blot()], "bet": [Bet(1)], "blot+aluvun": [Aluvun(), Blot()],
                   "bet+aluvun": [Aluvun(), Bet(1)], "reject": [Reject()]}[move]
        for action in actions:
            s = apply_action(s, action)
        if move == "stay":
            continue
        if move == "reject":
            face_up = history[-1] != "11?"  # after a blot the card that comes instead is face up too
            history.append("reject")
            if face_up and s.hands[0]:
                history.append(s.hands[0][-1])
            continue
        record(history, move, s, s.hands[0][-1] if s.hands[0] else s.thrown[0][-1])


@pytest.mark.xdist_group("quitlok_tree")
def test_hint_bot_and_advisor_follow_the_equilibrium_wherever_a_game_reaches_it(shipped):
    inside = outside = mixed = 0
    for seed in range(1500):
        for s, history in _hand_at_best(shipped, seed):
            spot = at_best.spot(s)
            assert spot is not None, (seed, history)
            assert spot.history == tuple(str(e) for e in history)
            cards = s.hands[s.banker]
            found = _equilibrium(shipped, history, cards)
            hint = at_best.banker_at_best(s)  # what the banker's Hint says
            choice = BestPlayer(seed).choose(s)
            assert choice in legal_actions(s)
            if found is None or found[0] < at_best.REACHED:
                # 20 or more (he stands), or a position the equilibrium leaves unsettled: the old play
                if found is None and hint is not None:
                    assert hint.stand == 1.0 and choice == Stand()
                else:
                    assert hint is None and choice == bank(s, 17, 1.5)
                    outside += 1
                continue
            expected = found[1]
            assert hint.stand == pytest.approx(expected, abs=STEP)
            if hint.stand in (0.0, 1.0):
                assert choice == (Stand() if hint.stand == 1.0 else Draw())
            if hint.mixed:
                mixed += 1
                assert f"{100 * hint.draw:.0f}%" in at_best.banker_words(hint)
                assert "hidden" in at_best.banker_words(hint)
            if "reject" not in history:  # the Advisor: one open hand, the player's cards in order
                shown = tuple(None if not up else c for c, up in zip(s.hands[0], s.face_up[0], strict=True))
                answers = dict(at_best.advisor_banker(QUITLOK, cards, [], [OpenHand(1, shown, 0)]))
                assert answers[tuple(str(e) for e in history)].stand == hint.stand
            inside += 1
    # (a mixed position is rare in these hands: the shipped player reaches few; where met it is checked above, and
    # test_the_best_banker_mixes_at_the_table_s_chances_over_many_seeds checks one found on purpose)
    assert inside > 300, (inside, outside, mixed)


# --- a mixed position, and outside the spot ---------------------------------------------------------------------


def _mixed_spot():
    """The first seed of a hand where the player blots nothing, bets and stays, and the banker reaches a position
    where the table mixes; drawn by a banker who draws below 17."""
    for seed in range(200):
        s = apply_action(_game(seed), Bet(1))
        if s.to_act == 0 and s.hands_finished == 0:
            s = apply_action(s, Stay())
        while s.phase == BANKER and s.to_act == s.banker:
            best = at_best.banker_at_best(s)
            if best is not None and best.mixed and Stand() in legal_actions(s):
                return s
            if s.value(s.banker) >= 17 or Draw() not in legal_actions(s):
                break
            s = apply_action(s, Draw())
    raise AssertionError("no mixed position reached")


def test_the_best_banker_mixes_at_the_table_s_chances_over_many_seeds():
    s = _mixed_spot()
    stand = at_best.banker_at_best(s).stand
    n = 3000
    stood = sum(BestPlayer(seed).choose(s) == Stand() for seed in range(n))
    assert abs(stood / n - stand) < 4 * sqrt(stand * (1 - stand) / n)
    words = at_best.banker_words(at_best.banker_at_best(s))
    assert f"stands {100 * stand:.0f}%" in words and "bet with a face-down card" in words
    assert f"{100 * at_best.banker_at_best(s).draw:.0f}%" in words and "hidden" in words
    assert at_best.banker_feedback(s, Stand())[0] == at_best.banker_feedback(s, Draw())[0] == "best"


@pytest.mark.parametrize("why", ["room", "48 cards", "house rule", "three seats", "second hand"])
def test_outside_the_spot_the_banker_plays_and_is_advised_as_today(why):
    rules = {"48 cards": dataclasses.replace(QUITLOK, copies=4),
             "house rule": dataclasses.replace(QUITLOK, twelve_values=(12, 10, 9))}.get(why, QUITLOK)
    players = ["A", "B", "C"] if why == "three seats" else ["A", "B"]
    for seed in range(100):
        s = new_game(rules, players, banker=len(players) - 1, bank=2 if why in ("room", "three seats") else 1,
                     purses=20, seed=seed)
        if why == "second hand":
            s = apply_action(s, Stay())  # out: his cards are thrown in face up, and a new hand is dealt
        while s.phase != BANKER and not s.is_over and s.hands_dealt <= 1 + (why == "second hand"):
            legal = legal_actions(s)
            s = apply_action(s, Bet(1) if Bet(1) in legal else Stay() if Stay() in legal else legal[0])
        if s.phase == BANKER and Stand() in legal_actions(s):
            break
    assert s.phase == BANKER and Stand() in legal_actions(s)
    assert at_best.spot(s) is None and at_best.banker_at_best(s) is None
    assert at_best.banker_feedback(s, Stand()) is None
    for seed in range(20):
        assert BestPlayer(seed).choose(s) == bank(s, 17, 1.5)


def test_the_advisor_answers_at_best_only_in_the_spot():
    one = [OpenHand(1, (None, None), 0)]
    assert at_best.advisor_banker(QUITLOK, [10, 7], [], one)
    assert at_best.advisor_banker(dataclasses.replace(QUITLOK, copies=4), [10, 7], [], one) is None
    assert at_best.advisor_banker(QUITLOK, [10, 7], [5], one) is None  # something seen: not a fresh pack
    assert at_best.advisor_banker(QUITLOK, [10, 7], [], [OpenHand(2, (None, None), 0)]) is None
    assert at_best.advisor_banker(QUITLOK, [10, 7], [], [OpenHand(1, (None, None), 1)]) is None
    assert at_best.advisor_banker(QUITLOK, [10, 7], [], one * 2) is None
    assert at_best.advisor_banker(QUITLOK, [10, 7], [], [OpenHand(1, (None,), 0)]) is None  # no bet's card
    assert "fresh pack" in at_best.outside_words(QUITLOK)
    assert at_best.outside_words(dataclasses.replace(QUITLOK, copies=4)) == ""


def test_the_table_is_read_quickly_and_small():
    at_best.quitlok_table.cache_clear()
    import time
    started = time.perf_counter()
    at_best.quitlok_table()
    assert time.perf_counter() - started < 2.0
    assert at_best.QUITLOK_TABLE.stat().st_size < 1_000_000


def test_a_history_of_blots_and_a_bet_is_the_solved_game_s():
    s = _game(3, stock=[4, 9, 5, 6, 2, 7, 8, 3, 10, 1])  # the deal: the player 4, the banker 9
    for action in (Blot(), Bet(1), Stay()):
        s = apply_action(s, action)
    assert s.phase == BANKER
    assert at_best.quitlok_history_of(s, 0) == ("blot", 5, "bet")
    assert at_best.spot(s).history == ("blot", "5", "bet")


# --- the computer players' styles under Quitlok, as the Lab prices them (issue 27, item 3) ---------------------


@pytest.mark.xdist_group("quitlok_tree")
@pytest.mark.parametrize("style", ["cautious", "bold"])
def test_a_style_priced_in_the_solved_game_plays_as_the_computer_player(shipped, style):
    """quitlok.equilibrium.player_style under Quitlok makes, at every decision of 300 hands, the move the computer
    player of that style makes at the table (one chip of room)."""
    from quitlok import bots, equilibrium
    tree = shipped["tree"]
    sigma = equilibrium.player_style(tree, style)
    bot = {"cautious": bots.cautious, "bold": bots.bold}[style](0)
    checked = 0
    for seed in range(300):
        s, history = _game(seed), []
        while s.hands_finished == 0 and not s.is_over and s.to_act != s.banker:
            hand = s.hands[0]
            r = shipped["row_of"][(shipped["node_of"][at_best.key_text(history)], _hidden(s, history))]
            a, b = tree.row_slot_start[r], tree.row_slot_start[r + 1]
            expected = next(str(PLAYER_ACTIONS[int(tree.slot_action_a[k])]) for k in range(a, b) if sigma[k] == 1.0)
            first = bot.choose(s)
            s = apply_action(s, first)
            second = bot.choose(s) if isinstance(first, Aluvun) else None
            if second is not None:
                s = apply_action(s, second)
            move = {Stay: "stay", Blot: "blot", Bet: "bet", Reject: "reject"}.get(type(second or first), "keep")
            if isinstance(first, Aluvun):
                move += "+aluvun"
            assert move == expected, (seed, history, hand)
            checked += 1
            if move in ("stay", "keep"):
                break
            if move == "reject":
                face_up = history[-1] != "11?"
                history.append("reject")
                if face_up and s.hands[0]:
                    history.append(s.hands[0][-1])
                continue
            record(history, move, s, s.hands[0][-1] if s.hands[0] else None)
            if not s.hands[0] or s.to_act != 0:
                break
    assert checked > 500


@pytest.mark.xdist_group("quitlok_tree")
def test_the_shipped_strategy_card_is_worked_out_again_from_the_strategies(shipped):
    """quitlok/data/quitlok_card.json (the printed cards' figures) is quitlok.equilibrium.quitlok_card of the shipped
    strategies, recomputed here; and a banker who always stood would make a card that says so."""
    from quitlok import equilibrium
    from quitlok.solve import strategy_value
    tree, player, banker = shipped["tree"], shipped["player"], shipped["banker"]
    again = equilibrium.quitlok_card(tree, player, banker, strategy_value(tree, player, banker))
    card = equilibrium.shipped_quitlok_card()
    assert card.value == pytest.approx(again.value, abs=1e-12)
    assert np.allclose(card.before, again.before, atol=1e-12) and np.allclose(card.after, again.after, atol=1e-12)
    assert card.aluvun == pytest.approx(again.aluvun, abs=1e-12)
    assert [b for b, _ in card.stands] == [b for b, _ in again.stands] == [0, 1, 2, 3]
    for (_, ours), (_, theirs) in zip(card.stands, again.stands, strict=True):
        assert ours == pytest.approx(theirs, abs=1e-12)
    standing = equilibrium.quitlok_card(tree, player, np.ones_like(banker), 0.0)
    assert all(p in (None, 1.0) for _, chances in standing.stands for p in chances)
