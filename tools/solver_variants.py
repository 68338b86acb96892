"""Variants of quitlok.solve's discounted CFR on small Quitlok packs (the experiments of docs/solving.md, session 12).

    nice -n 19 python tools/solver_variants.py p12 1000 '{"check": 100, "p_passes": 4, "vstar": 0.03347904}'

Arguments: a pack of PACKS, the iterations, and a JSON object of run()'s options: p_passes (player passes a banker
pass), b_passes (banker passes a player pass), b_alpha / b_beta / b_power (the banker's own discounting and average
weights), br_mix (the banker's regrets against that share of the player's best response, CFR-BR style), pred_b (the
banker predictive), vstar (the game's value, to split the exploitability into the banker's gap and the player's).
Every `check` iterations each side's strategy is picked as solve(pick=True) does (best over the checks) and the time
so far (without the checks) is printed with both best responses. QUITLOK_SOLVE_THREADS=1 for timings."""

import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from quitlok import QUITLOK  # noqa: E402
from quitlok.solve import (  # noqa: E402
    Game,
    Tree,
    _accumulate,
    _averages,
    _banker_best,
    _candidates,
    _player_best,
    _regret_match,
)

PACKS = {
    "p9": (1, 1, 1, 0, 0, 1, 0, 1, 1, 1, 1, 1),
    "p12": (1,) * 12,
    "p10": (1, 2, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1),
    "p11": (1, 1, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1),
    "p13": (2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1),
    "p14": (2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1),
    "p16": (2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2),
    "p16b": (1, 1, 1, 2, 2, 2, 2, 1, 1, 1, 1, 1),
}


def best_response_player(tree, bank_vals):
    """The player's pure best response against bank values (first argmax per row)."""
    _, slotval, _ = tree.evaluate(tree.uniform_player(), bank_vals, best=True)
    rows = tree.slot_row_a
    mx = np.maximum.reduceat(slotval, tree.row_start)[rows]
    is_max = slotval >= mx - 1e-15
    # first max per row
    idx = np.arange(tree.n_slots)
    cand = np.where(is_max, idx, tree.n_slots)
    first = np.minimum.reduceat(cand, tree.row_start)
    br = np.zeros(tree.n_slots)
    br[first] = 1.0
    return br


def run(tree, iters, *, check=50, alpha=1.5, beta=0.0, power=2.0, b_alpha=None, b_beta=None, b_power=None,
        b_passes=1, p_passes=1, br_mix=0.0, br_from=0, pred_b=False, seconds=None, log=None):
    gb = tree.grouped
    rows_of_slot, starts, counts = tree.slot_row_a, tree.row_start, tree.slot_count
    b_alpha = alpha if b_alpha is None else b_alpha
    b_beta = beta if b_beta is None else b_beta
    b_power = power if b_power is None else b_power
    regret_p = np.zeros(tree.n_slots)
    sigma_p = tree.uniform_player()
    avg_p = np.zeros(tree.n_slots)
    avg_p_weight = np.zeros(tree.n_slots)
    stand = tree.uniform_banker()
    regret_s = np.zeros_like(stand)
    regret_d = np.zeros_like(stand)
    avg_stand = np.zeros_like(stand)
    avg_weight = np.zeros_like(stand)
    wsum_p = wsum_b = 0.0
    best_p = best_b = None
    out = []
    t0 = time.perf_counter()
    check_time = 0.0
    bt = 0  # banker pass counter
    pt = 0
    for it in range(1, iters + 1):
        bank_vals = tree.bank_values(stand)
        for _k in range(p_passes):
            pt += 1
            tp = pt if p_passes > 1 else it
            disc = (tp ** alpha / (tp ** alpha + 1.0), tp ** beta / (tp ** beta + 1.0))
            value, slotval, _ = tree.evaluate(sigma_p, bank_vals)
            gain = tree.chance_reach[rows_of_slot] * (slotval - value[rows_of_slot])
            sigma_p = _regret_match(_accumulate(regret_p, gain, False, disc), rows_of_slot, starts, counts)
            reach = tree.player_reach(sigma_p)
            w = float(tp) ** power
            wsum_p += w
            avg_p += w * reach[rows_of_slot] * sigma_p
            avg_p_weight += w * reach[rows_of_slot]
        q = tree.bank_weights(sigma_p, reach)
        if br_mix > 0 and it > br_from:
            br = best_response_player(tree, bank_vals)  # against the banker's current strategy
            qb = tree.bank_weights(br, tree.player_reach(br))
            q = (1 - br_mix) * q + br_mix * qb
        for _k in range(b_passes):
            bt += 1
            tb = bt if b_passes > 1 else it
            bd = (tb ** b_alpha / (tb ** b_alpha + 1.0), tb ** b_beta / (tb ** b_beta + 1.0))
            wb = float(tb) ** b_power
            wsum_b += wb
            stand = gb.cfr_update(q, stand, regret_s, regret_d, avg_stand, avg_weight, wb, pred_b, bd)
        if it % check == 0 or it == iters:
            c0 = time.perf_counter()
            player, banker = _averages(tree, avg_p, avg_p_weight, avg_stand, avg_weight, sigma_p, stand)
            cur_p = []
            for strat, which in _candidates(player, sigma_p, avg_p_weight / wsum_p,
                                            tree.player_reach(sigma_p)[rows_of_slot]):
                got = _banker_best(tree, strat)
                cur_p.append((which, got))
                if best_p is None or got > best_p[0]:
                    best_p = (got, strat.copy(), f"{which}@{it}")
            cur_b = []
            rho = gb.reach(stand)
            for strat, which in _candidates(banker, stand, avg_weight / wsum_b, rho):
                got = _player_best(tree, strat)
                cur_b.append((which, got))
                if best_b is None or got < best_b[0]:
                    best_b = (got, strat.copy(), f"{which}@{it}")
            check_time += time.perf_counter() - c0
            el = time.perf_counter() - t0 - check_time
            rec = {"it": it, "sec": round(el, 2), "player_best": best_b[0], "banker_best": best_p[0],
                   "expl": best_b[0] - best_p[0], "b_pick": best_b[2], "p_pick": best_p[2],
                   "cur_b": {k: v for k, v in cur_b}, "cur_p": {k: v for k, v in cur_p}}
            out.append(rec)
            if log:
                log(rec)
            if seconds is not None and el > seconds:
                break
    return out


if __name__ == "__main__":
    pack = sys.argv[1]
    iters = int(sys.argv[2])
    kw = json.loads(sys.argv[3]) if len(sys.argv) > 3 else {}
    t = time.perf_counter()
    tree = Tree(Game(QUITLOK, counts=PACKS[pack]))
    print(f"# {pack} built {time.perf_counter() - t:.1f}s rows {tree.n_rows} bank slots {tree.grouped.n_slots} "
          f"kw {kw}", flush=True)
    vstar = kw.pop("vstar", None)

    def log(r):
        s = ""
        if vstar is not None:
            s = f" bankgap {r['player_best'] - vstar:.2e} playgap {vstar - r['banker_best']:.2e}"
        print(f"{r['it']:5d} {r['sec']:7.1f}s expl {r['expl']:.3e} pb {r['player_best']:+.10f} "
              f"bb {r['banker_best']:+.10f}{s} [{r['b_pick']} {r['p_pick']}]", flush=True)

    res = run(tree, iters, log=log, **kw)
