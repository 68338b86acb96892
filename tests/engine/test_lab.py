"""The Lab's simulator: scripted hands, the real engine on the same packs, and the exact edge."""

import math
from dataclasses import replace

import numpy as np
import pytest

from quitlok import KVITLACH, QUITLOK, InvalidSetup
from quitlok.lab import (
    MAX_HANDS,
    PLAYER_STYLES,
    LabSetup,
    _Banks,
    _play_decks,
    _shuffled_packs,
    engine_results,
    simulate,
)
from quitlok.odds import edge_outcomes


def one(rules, player, deck, **setup):
    """The player's result and whether his chip was at stake, for one scripted stock."""
    batch = _play_decks(LabSetup(rules, player=player, **setup), [deck])
    return int(batch.results[0]), bool(batch.staked[0])


# --- scripted hands (stock from the top: the player's card, the banker's, then the player's, then the banker's)


@pytest.mark.parametrize(("rules", "player", "deck", "result", "staked"), [
    (QUITLOK, "cautious", [10, 5, 4, 9], -1, True),  # bets with the 4 (14), blots a 9: bust
    (QUITLOK, "bold", [10, 5, 11], 1, True),  # 21 with the card that came with his bet: paid at once
    (QUITLOK, "cautious", [2, 5, 11], 1, True),  # two framed first cards: 21
    (QUITLOK, "cautious", [10, 6, 8, 10, 9], 1, True),  # stays on 18; the banker's 6 + 10, then 9: bust
    (QUITLOK, "cautious", [10, 8, 8, 10], -1, True),  # 18 against the banker's 18: ties go to the banker
    (QUITLOK, "cautious", [10, 7, 6, 5, 12], -1, True),  # stays on 16; the banker's 7 + 5 + 12 (as 9): 21
    (QUITLOK, "bold", [10, 7, 6, 5, 12], 1, True),  # the same stock: bold blots on 16 and makes 21
    (QUITLOK, "cautious", [5, 9, 6, 11, 8, 9], 1, True),  # 11, aluvun, rejects the 11 (22), then 8: 19 > 18
    (QUITLOK, "cautious", [10, 8, 3], 1, True),  # the stock runs out: he stays on 13, the banker stands on 8
    (KVITLACH, "cautious", [12, 6, 1, 11, 5, 10, 3], 1, True),  # 12 + 1, elvaroon, keeps the 11: 12 as 9, 21
    (KVITLACH, "bold", [12, 6, 1, 11, 5, 10, 3], 1, True),  # the same
    (KVITLACH, "best", [5, 10, 9], 0, False),  # bet-first: best play stays out on a 5
    (QUITLOK, "best", [7, 10, 9], 0, False),  # best play stays on a lone 7: no bet, and no free card
    (QUITLOK, "best", [12, 5, 9], 1, True),  # best play bets on a 12, and the 9 makes 21
    (KVITLACH, "best", [2, 10, 9, 11, 8, 6, 7], 1, True),  # 11, elvaroon, rejects the 11, 8: 19; banker busts
])
def test_a_scripted_stock_gives_a_known_result(rules, player, deck, result, staked):
    assert one(rules, player, deck) == (result, staked)


# --- the banks across hands ------------------------------------------------------------------------------------

LOSES = [10, 8, 8, 10]  # the player's 18 ties the banker's 18 (banker's first card 8)
WINS = [10, 5, 11]  # the player's 21
ON_4 = [10, 4, 8, 10]  # the banker's first card is a 4
ON_7 = [10, 7, 8, 10]


def banks(decks, tables=1, **setup):
    batch = _play_decks(LabSetup(QUITLOK, player="cautious", **setup), decks, tables)
    return batch.results.tolist(), batch.retired.tolist(), batch.broken.tolist()


def test_the_banker_retires_on_a_4_or_7_from_hand_4_with_enough_bank():
    results, retired, _ = banks([LOSES, LOSES, LOSES, ON_4, ON_7, LOSES, LOSES, ON_7], retire_at=1.2)
    # bank 11, 12, 13, then hand 4 on a 4 with 13 >= 12: he retires; a new bank of 10 plays hands 1-4
    assert retired == [False, False, False, True, False, False, False, False]
    assert results[3] == 0 and results[4] != 0
    results, retired, _ = banks([LOSES, LOSES, LOSES, ON_7, ON_7], retire_at=1.2)
    assert retired == [False, False, False, True, False]


def test_the_banker_keeps_the_bank_too_early_too_small_or_never_retiring():
    assert not any(banks([LOSES, LOSES, ON_4], retire_at=1.2)[1])  # hand 3: too early
    assert not any(banks([LOSES, LOSES, WINS, ON_4], retire_at=1.2)[1])  # bank 11 < 12
    assert not any(banks([LOSES, LOSES, LOSES, ON_4])[1])  # retire_at None: never
    assert not any(banks([LOSES, LOSES, LOSES, ON_4, ON_7], retire_at=2)[1])  # 13 < 20


def test_a_bank_broken_by_the_player_starts_again():
    results, _, broken = banks([WINS, LOSES, WINS, WINS], bank=1)
    assert results == [1, -1, 1, 1] and broken == [True, False, False, True]  # 1 -> 0; new bank 1 -> 2 -> 1 -> 0


def test_tables_side_by_side_take_the_hands_in_turn():
    _, _, broken = banks([WINS, LOSES, WINS, WINS], tables=2, bank=1)
    assert broken == [True, False, True, False]  # table 0 wins twice against banks of 1; table 1: 2, then 1


def reference_banks(results, first, tables, opening, level, retire_from=4, cards=(4, 7)):
    """The banks hand by hand in plain Python."""
    chips, played = [opening] * tables, [0] * tables
    retired, broken = [], []
    for i, (result, card) in enumerate(zip(results, first, strict=True)):
        t = i % tables
        played[t] += 1
        retire = played[t] >= retire_from and card in cards and chips[t] >= level
        chips[t] -= 0 if retire else result
        retired.append(retire)
        broken.append(chips[t] == 0)
        if retire or chips[t] == 0:
            chips[t], played[t] = opening, 0
    return retired, broken


def test_banks_carry_over_from_batch_to_batch_as_hand_by_hand():
    rng = np.random.default_rng(5)
    results = rng.integers(-1, 2, 5000).astype(np.int8)
    first = rng.integers(1, 13, 5000).astype(np.int8)
    bank = _Banks(LabSetup(QUITLOK, retire_at=1.5, bank=3), 37)
    parts = [bank.play(results[a:b], first[a:b]) for a, b in ((0, 1000), (1000, 1001), (1001, 5000))]
    retired, broken = (np.concatenate(column).tolist() for column in zip(*parts, strict=True))
    assert (retired, broken) == reference_banks(results.tolist(), first.tolist(), 37, 3, 5)
    assert sum(retired) > 50 and sum(broken) > 50


def test_retirements_and_broken_banks_in_a_simulation():
    setup = LabSetup(QUITLOK, player="bold", retire_at=1.2, bank=5)
    batches = list(simulate(setup, 50_000, seed=3, batch=20_000))
    results, staked, retired, broken = (np.concatenate([getattr(b, name) for b in batches])
                                        for name in ("results", "staked", "retired", "broken"))
    assert retired.any() and broken.any()
    assert not results[retired].any() and not staked[retired].any()
    assert (results[broken] == 1).all()
    assert np.array_equal(staked, results != 0)


# --- the engine plays the same hands -------------------------------------------------------------------------

ENGINE_HANDS = 5000


def shares(results: np.ndarray) -> dict[str, tuple[float, float]]:
    """(estimate, variance of one hand) of the mean result and the win, lose and out shares."""
    out = {"mean": (results.mean(), results.var())}
    for name, hit in (("win", results > 0), ("lose", results < 0), ("out", results == 0)):
        p = hit.mean()
        out[name] = (p, p * (1 - p))
    return out


@pytest.mark.parametrize("stands_on", [15, 18])
@pytest.mark.parametrize("player", ["cautious", "bold", "best"])
@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH], ids=["Quitlok", "Kvitlach"])
def test_the_simulator_agrees_with_the_engine(rules, player, stands_on):
    setup = LabSetup(rules, player=player, stands_on=stands_on)
    engine = engine_results(setup, ENGINE_HANDS, seed=11)
    # hand by hand on the very same packs
    same = _play_decks(setup, _shuffled_packs(rules, ENGINE_HANDS, 11), tables=ENGINE_HANDS)
    assert np.array_equal(engine.results, same.results)
    assert np.array_equal(engine.staked, same.staked)
    # and in distribution against the simulator's own shuffles
    simulated = np.concatenate([b.results for b in simulate(setup, 200_000, seed=12)])
    engine_shares, simulated_shares = shares(engine.results), shares(simulated)
    for name, (a, var_a) in engine_shares.items():
        b, var_b = simulated_shares[name]
        error = math.sqrt(var_a / ENGINE_HANDS + var_b / simulated.size)
        assert abs(a - b) <= 4 * error, name


# --- best play converges to the exact edge -------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "stands_on"), [(QUITLOK, s) for s in QUITLOK.banker_models]
                         + [(KVITLACH, s) for s in KVITLACH.banker_models])
def test_best_play_converges_to_the_exact_edge(rules, stands_on):
    hands = 400_000
    setup = LabSetup(rules, player="best", stands_on=stands_on)
    batches = list(simulate(setup, hands, seed=stands_on))
    results = np.concatenate([b.results for b in batches])
    exact = edge_outcomes(rules, stands_on=stands_on)
    win, lose = float(exact.win), float(exact.lose)
    edge_error = math.sqrt((win + lose - float(exact.edge) ** 2) / hands)
    assert abs(results.mean() - float(exact.edge)) <= 4 * edge_error
    for share, p in ((results > 0, win), (results < 0, lose), (results == 0, float(exact.out))):
        assert abs(share.mean() - p) <= 4 * math.sqrt(p * (1 - p) / hands)
    assert np.array_equal(np.concatenate([b.staked for b in batches]), results != 0)


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH], ids=["Quitlok", "Kvitlach"])
def test_the_engine_s_own_monte_carlo_meets_the_exact_edge(rules):
    """The real engine (quitlok.game), one fresh game a hand, best play: its mean within 4 standard errors of
    player_edge, with no simulator in between."""
    hands = 8_000
    results = engine_results(LabSetup(rules, player="best", stands_on=17), hands, seed=5).results
    exact = edge_outcomes(rules, stands_on=17, exact=True)
    error = math.sqrt(float(exact.win + exact.lose - exact.edge ** 2) / hands)
    assert abs(results.mean() - float(exact.edge)) <= 4 * error


def test_the_banker_model_is_raised_to_what_the_rules_force():
    assert LabSetup(KVITLACH, stands_on=15).banker_model == 17
    assert LabSetup(QUITLOK, stands_on=15).banker_model == 15


# --- arguments, seeds and batches -------------------------------------------------------------------------------


@pytest.mark.parametrize("fields", [
    {"rules": "Quitlok"}, {"player": "greedy"}, {"player": ["best"]}, {"stands_on": 0}, {"stands_on": 22},
    {"stands_on": "17"}, {"stands_on": True}, {"bank": 0}, {"bank": 1.5}, {"bank": -3}, {"retire_at": 0.5},
    {"retire_at": "2"}, {"retire_at": True}, {"retire_at": math.nan}, {"retire_at": math.inf},
])
def test_a_bad_setup_is_refused(fields):
    with pytest.raises(InvalidSetup):
        LabSetup(**{"rules": QUITLOK, **fields})


@pytest.mark.parametrize("arguments", [
    {"hands": 0}, {"hands": MAX_HANDS + 1}, {"hands": 10.0}, {"hands": 10, "batch": 0}, {"hands": 10, "seed": -1},
    {"hands": 10, "seed": "1"},
])
def test_bad_hands_batches_or_seeds_are_refused_before_the_first_batch(arguments):
    setup = LabSetup(QUITLOK)
    hands = arguments.pop("hands")
    with pytest.raises(InvalidSetup):
        simulate(setup, hands, **arguments)
    with pytest.raises(InvalidSetup):
        simulate("setup", 10)
    if "batch" not in arguments:
        with pytest.raises(InvalidSetup):
            engine_results(setup, hands, **arguments)


def test_every_style_has_words_and_a_valid_setup():
    assert set(PLAYER_STYLES) == {"best", "cautious", "bold"}
    for player, words in PLAYER_STYLES.items():
        assert words and LabSetup(KVITLACH, player=player).player == player


def test_the_same_seed_gives_the_same_hands_and_every_hand_comes_once():
    setup = LabSetup(KVITLACH, player="cautious", retire_at=1.5)

    def run(seed):
        batches = list(simulate(setup, 25_001, seed=seed, batch=10_000))
        assert [b.results.size for b in batches] == [10_000, 10_000, 5_001]
        for b in batches:
            assert b.results.dtype == np.int8 and b.staked.dtype == b.broken.dtype == b.retired.dtype == bool
            assert b.staked.size == b.broken.size == b.retired.size == b.results.size
        return np.concatenate([np.stack([b.results, b.retired, b.broken]) for b in batches], axis=1)

    assert np.array_equal(run(4), run(4))
    assert not np.array_equal(run(4), run(5))
    assert sum(b.results.size for b in simulate(replace(setup, player="best"), 7, batch=3)) == 7
