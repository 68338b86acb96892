"""How fast the Hint answers near the reshuffle (README "Known limits" and the odds table).

Plays practice games with the engine at the practice table's settings (`quitlok.practice.start_table`: four
computer players of mixed styles, the learner in the last seat, 20 chips, an opening bank of 10, the first
banker by the highest card, the agreed maximum bet by default), under both presets. The learner follows the
Hint. At every decision of the learner's with the stock at its last few face-down cards (`--near`, default
4), the Hint's exact answer is timed as the practice table asks for it (`PracticeTable.coaching`, that is
`quitlok.coach.coach` in memos of its own, cold every time). Prints the median, the 95th percentile and the
slowest, with the slowest position, in wall-clock time and in the process's CPU time (on a busy machine the
CPU time is the nearer to what a quiet core takes).

Run: nice -n 10 python benchmarks/bench_reshuffle.py [--games 12] [--near 4] [--moves 400] [--presets Quitlok]
"""

import argparse
import statistics
import time

from quitlok import KVITLACH, QUITLOK
from quitlok.bots import cautious
from quitlok.game import PROTECTED, TURN
from quitlok.practice import start_table
from quitlok.stock import Stock


def play(rules, seed: int, near: int, moves: int) -> list[tuple[float, float, str]]:
    """(seconds, seconds of this process's CPU time, position) of every timed Hint in one game."""
    table = start_table(rules, computers=4, seat=4, chips=20, bank=10, style="mixed", seed=seed,
                        max_bet=rules.default_max_bet(10) if rules.agreed_max_bet else None)
    fallback = cautious(seed)  # the learner's decisions the Hint does not price (the bank, the stake)
    timed = []
    for _ in range(moves):
        state = table.state
        if state.is_over:
            break
        if not table.humans_turn:
            table = table.step()
            continue
        coaching = None
        if state.phase in (TURN, PROTECTED):
            start, cpu = time.perf_counter(), time.process_time()
            coaching = table.coaching()
            seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
            stock = Stock.of(state)
            if stock.cards <= near:
                seat = table.human
                timed.append((seconds, cpu, f"seed {seed}: hand {list(state.hands[seat])}, stake {state.stakes[seat]}, "
                                       f"room {state.bet_room(seat)}, {stock.cards} face-down in the stock, "
                                       f"{len(stock.under)} under it"))
        table = table.act(coaching.best if coaching is not None else fallback.choose(state))
    return timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--near", type=int, default=4, help="time decisions with at most this many stock cards")
    parser.add_argument("--moves", type=int, default=400, help="the most moves of one game")
    parser.add_argument("--presets", nargs="+", default=["Quitlok", "Kvitlach"], choices=["Quitlok", "Kvitlach"])
    args = parser.parse_args()
    for rules in (QUITLOK, KVITLACH):
        if rules.name not in args.presets:
            continue
        timed: list[tuple[float, float, str]] = []
        start = time.perf_counter()
        for seed in range(args.games):
            timed += play(rules, seed, args.near, args.moves)
        took = time.perf_counter() - start
        if not timed:
            print(f"{rules.name:8} no decision near the reshuffle in {args.games} games")
            continue
        print(f"{rules.name:8} Hint near the reshuffle (stock at most {args.near} cards), {len(timed)} decisions "
              f"in {args.games} games ({took:.0f} s in all)")
        for name, column in (("wall clock", 0), ("CPU time", 1)):
            times = sorted(row[column] for row in timed)
            worst = max(timed, key=lambda row: row[column])
            print(f"  {name:10}: median {statistics.median(times) * 1000:.0f} ms, 95th percentile "
                  f"{times[int(0.95 * len(times))] * 1000:.0f} ms, slowest {worst[column] * 1000:.0f} ms ({worst[2]})",
                  flush=True)


if __name__ == "__main__":
    main()
