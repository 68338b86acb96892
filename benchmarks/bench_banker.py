"""How fast the banker's advice weighs every open hand jointly (SPEC section 3, "The banker's view").

Prints, each in a fresh process (cold memos, as the practice table's Hint meets a position):

- the banker's Hint (`quitlok.coach.banker_coach`, with the table's stock) at every banker decision of
  games of five and of seven computer players (goal: median tens of ms, slowest about a second);
- the slowest positions found: six open hands (a table of seven seats), as many face-down cards as the
  players can hold below 21, every card face down (Kvitlach, 48 cards) or with face-up cards (Quitlok),
  the banker on one low card, the stock full or about to be reshuffled.

Run: python benchmarks/bench_banker.py [--games N] [--quick]
"""

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

GAMES = """
import json, sys, time
from quitlok import QUITLOK, KVITLACH
from quitlok.bots import BestPlayer, bold, cautious
from quitlok.coach import banker_coach
from quitlok.game import BANKER, new_game
from quitlok.sim import step
rules = {"Quitlok": QUITLOK, "Kvitlach": KVITLACH}[sys.argv[1]]
seats, games = int(sys.argv[2]), int(sys.argv[3])
times, slowest = [], None
for seed in range(games):
    players = {i: (cautious, bold, BestPlayer)[i % 3](seed * 10 + i) for i in range(seats)}
    s = new_game(rules, [f"P{i}" for i in range(seats)], banker=seed % seats, bank=20, purses=40, seed=seed)
    for _ in range(300):
        if s.is_over:
            break
        if s.phase == BANKER:
            start = time.perf_counter()
            banker_coach(s)
            took = time.perf_counter() - start
            times.append(took)
            if slowest is None or took > slowest[0]:
                open_hands = sum(1 for seat, stake in enumerate(s.stakes) if stake and seat != s.banker)
                hidden = sum(not up for seat, ups in enumerate(s.face_up) if s.stakes[seat] and seat != s.banker
                             for up in ups)
                slowest = (took, seed, open_hands, hidden, len(s.stock))
        s = step(s, players)
print(json.dumps([times, slowest]))
"""

POSITION = """
import json, sys, time
from quitlok import QUITLOK, KVITLACH
from quitlok.bank_odds import OpenHand, banker_advice
from quitlok.stock import Stock
preset, hand, hands, seen, stock = json.loads(sys.argv[1])
rules = {"Quitlok": QUITLOK, "Kvitlach": KVITLACH}[preset]
open_hands = [OpenHand(stake, tuple(None if c is None else c for c in cards), room) for stake, cards, room in hands]
from quitlok.errors import TooLarge
start = time.perf_counter()
try:
    advice = banker_advice(hand, seen, rules, open_hands=open_hands, stock=stock and Stock(stock[0], tuple(stock[1])))
    print(json.dumps([time.perf_counter() - start, advice.best, {k: float(v) for k, v in advice.values.items()}]))
except TooLarge as problem:
    print(json.dumps([time.perf_counter() - start, "too large", {}]))
"""

H = None  # a face-down card
#: (name, preset, banker's hand, open hands as (stake, cards, room), seen cards, stock or None)
POSITIONS = [
    ("Kvitlach, 6 open hands of 2 face-down cards, banker on a 1", "Kvitlach", [1],
     [(1, [H, H], 0)] * 6, [], None),
    ("Kvitlach, 4 open hands of 3 face-down cards, banker on a 1", "Kvitlach", [1],
     [(1, [H, H, H], 0)] * 4, [], None),
    ("Kvitlach, 6 open hands of 3 face-down cards, banker on a 1", "Kvitlach", [1],
     [(1, [H, H, H], 0)] * 6, [], None),
    ("Kvitlach, 6 open hands of 3 face-down cards, stakes and rooms all different, banker on a 2", "Kvitlach",
     [2], [(s, [H, H, H], r) for s, r in ((1, 0), (2, 1), (3, 0), (4, 2), (5, 0), (6, 3))], [], None),
    ("Kvitlach, 6 open hands of 3 face-down cards, stock about to be reshuffled", "Kvitlach", [1],
     [(1, [H, H, H], 0)] * 6, [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2], (2, [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2])),
    ("Quitlok, 6 open hands of 3 face-down cards, banker on a 1", "Quitlok", [1],
     [(1, [H, H, H], 0)] * 6, [], None),
    ("Quitlok, 6 open hands of 2 face-down cards and a blot, banker on a 2", "Quitlok", [2],
     [(1, [H, 1, H], 0), (2, [H, 3, H], 0), (1, [H, 4, H], 1), (3, [H, 5, H], 0), (1, [H, 6, H], 0),
      (2, [H, 7, H], 2)], [], None),
]


def fresh(script: str, *args: str) -> str:
    return subprocess.run([sys.executable, "-c", script, *args], cwd=ROOT, check=True, capture_output=True,
                          text=True).stdout


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--quick", action="store_true", help="only the positions, no games")
    args = parser.parse_args()
    if not args.quick:
        for preset in ("Quitlok", "Kvitlach"):
            for seats in (5, 7):
                times, slowest = json.loads(fresh(GAMES, preset, str(seats), str(args.games)))
                times.sort()
                took, seed, hands, hidden, stock = slowest
                print(f"{preset:8} banker's Hint, {seats} seats, {args.games} games, {len(times)} decisions: median "
                      f"{ms(statistics.median(times))}, 95th percentile {ms(times[int(0.95 * len(times))])}, "
                      f"slowest {ms(took)} (game {seed}: {hands} open hands, {hidden} face-down cards, "
                      f"stock {stock})", flush=True)
    for name, preset, hand, hands, seen, stock in POSITIONS:
        took, best, values = json.loads(fresh(POSITION, json.dumps([preset, hand, hands, seen, stock])))
        print(f"{name}: {ms(took)} ({best}; " + ", ".join(f"{k} {v:+.3f}" for k, v in values.items()) + ")",
              flush=True)


if __name__ == "__main__":
    main()
