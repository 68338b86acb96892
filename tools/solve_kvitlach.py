"""Recompute the equilibrium of one Kvitlach hand (one player, the banker at his best too) from scratch.

    nice -n 15 python tools/solve_kvitlach.py [--iterations 20000] [--target 1e-6] [--minutes 28] [--save]

(tools/solve_quitlok.py does the same for Quitlok, 24 cards.)

Discounted CFR with quadratic averages (or --method pcfr+: predictive CFR+; --method cfr+ --power 1: CFR+ as first
shipped) on the public tree (quitlok.solve), an exact best response for each side every --every iterations; each side
ships its average, its last iterate or their even mix, whichever is least exploitable (best over the checks;
--no-pick: the averages); stops at the target exploitability (chips a hand), the iteration limit or the time limit.
Prints the size of the game, the value, the exploitability, the time and the peak memory; --save writes the
strategies to quitlok/data/ (the package's shipped copy)."""

import argparse
import os
import resource
import sys
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from quitlok import solve as S  # noqa: E402


def main(name: str = "kvitlach", doc: str = __doc__) -> None:
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=100_000)
    ap.add_argument("--target", type=float, default=1e-6)
    ap.add_argument("--minutes", type=float, default=28.0)
    ap.add_argument("--every", type=int, default=100)
    ap.add_argument("--save", action="store_true")
    ap.add_argument("--out", help="with --save: write the strategies here instead of quitlok/data/ (no figures)")
    ap.add_argument("--method", choices=S.METHODS, default="dcfr",
                    help="discounted CFR (Brown and Sandholm 2019, with --alpha, --beta and --power as its gamma; the "
                         "default), predictive CFR+ (Farina, Kroer and Sandholm 2021) or plain CFR+")
    ap.add_argument("--power", type=float, default=2.0, help="the averages weigh iteration t by t**power")
    ap.add_argument("--alpha", type=float, default=1.5, help="discounted CFR: positive regrets x t^a/(t^a+1)")
    ap.add_argument("--beta", type=float, default=0.0, help="discounted CFR: negative regrets x t^b/(t^b+1)")
    ap.add_argument("--no-pick", dest="pick", action="store_false",
                    help="ship the averages (by default each side's average or last iterate, whichever the other "
                         "side's best response gets less against, best over the checks)")
    ap.add_argument("--player-passes", type=int, default=4 if name == "quitlok" else 1,
                    help="the player's regret updates against each banker strategy (the banker's side costs the "
                         "most; Quitlok's player strategy lags, and 4, its default, reached 1e-6 in 300 iterations "
                         "on the full pack: docs/solving.md; Kvitlach's default 1)")
    args = ap.parse_args()
    started = time.perf_counter()
    cpu0 = time.process_time()
    tree = S.Tree(S.shipped_game(name))
    if tree.grouped is None:
        banker = f"{tree.b_S:,} banker card multisets ({len(tree.b_decide):,} where he chooses)"
    else:
        banker = (f"{len(tree.grouped.groups):,} decks they share, {tree.grouped.n_slots:,} banker positions "
                  f"(history x his cards where he may still draw)")
    print(f"game: {tree.n_rows:,} player rows (public history x face-down cards), {tree.n_slots:,} actions; "
          f"{tree.n_bank:,} public histories where the banker plays, {tree.n_bank_rows:,} with the player's "
          f"cards; {banker}; built in {tree.build_seconds:.1f} s "
          f"(peak memory so far {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB)", flush=True)
    deadline = started + 60 * args.minutes

    last = {"at": time.perf_counter()}

    def progress(it, expl, secs):
        kept = state.get("solution")
        sides = (f"; player's best {kept.player_best:+.9f}, banker's best {kept.banker_best:+.9f} ({kept.picked})"
                 if kept is not None else "")
        print(f"  iteration {it:6d}: exploitability {expl:.3e} chips a hand ({secs:.0f} s){sides}", flush=True)
        now = time.perf_counter()
        step, last["at"] = now - last["at"], now
        if now + step > deadline:  # the next check would come after the time limit: stop at this one
            raise _Stop

    class _Stop(Exception):
        pass

    state = {}
    try:
        sol = S.solve(tree, args.iterations, target=args.target, check_every=args.every, progress=progress,
                      keep=state, method=args.method, power=args.power, alpha=args.alpha, beta=args.beta,
                      pick=args.pick, player_passes=args.player_passes)
    except _Stop:
        sol = state["solution"]
    wall = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"value (player's expected result, chips a hand): {sol.value:+.9f}")
    print(f"player's best response against the banker: {sol.player_best:+.9f}; banker's best response "
          f"against the player: {sol.banker_best:+.9f}; exploitability {sol.exploitability:.3e}")
    mixed = sol.mixed_banker_positions()
    print(f"banker positions where he mixes (reached): {len(mixed)}")
    for key, cards, p in mixed[:20]:
        print(f"  {' '.join(map(str, key))} | banker holds {cards}: stands {p:.3f}")
    extra = f", alpha {args.alpha:g}, beta {args.beta:g}" if args.method == "dcfr" else ""
    passes = f", {args.player_passes} player passes a banker pass" if args.player_passes != 1 else ""
    print(f"method {args.method}, averages weighted by t**{args.power:g}{extra}{passes}; strategies: {sol.picked}")
    print(f"iterations {sol.iterations}; wall {wall:.0f} s; CPU {time.process_time() - cpu0:.0f} s; "
          f"peak memory {peak:.0f} MB")
    if args.save:
        path = Path(args.out) if args.out else S.shipped_path(name)
        path.parent.mkdir(exist_ok=True)
        S.save(sol, path)
        print(f"saved {path} ({path.stat().st_size / 1024:.0f} KB)")
        from quitlok import equilibrium
        # the Lab's figures beside it (its tree is too large for a page)
        if name in equilibrium.SHIPPED_FIGURES and not args.out:
            figures = equilibrium.figures_path(name)
            equilibrium.write_figures(equilibrium.edge_figures(sol, name), figures)
            print(f"saved {figures} ({figures.stat().st_size / 1024:.0f} KB)")


if __name__ == "__main__":
    main()
