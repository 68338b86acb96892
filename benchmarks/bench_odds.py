"""How fast the advisor answers. Prints medians (and the slowest case) for:

- `advise` for a one-card hand with nothing seen, in a fresh process (goal: 50 ms for the 24-card pack,
  250 ms for the 48-card pack);
- the same call repeated (goal: 1 ms);
- `exact=True` in a fresh process (goal: 3 s);
- the full strategy table, every first card against every banker model the rules allow (Quitlok: standing
  on 15 to 18; Kvitlach, whose banker must draw on 16 or less: 17 and 18), in a fresh process (goal: 2 s);
- the banker's Hint (`quitlok.coach.banker_coach`: stand or draw against the open hands) at every banker
  decision of 40 games of five computer players, in one process (goal: median 50 ms, slowest 1 s).

Run: python benchmarks/bench_odds.py
"""

import json
import statistics
import subprocess
import sys
from pathlib import Path

from quitlok.rules import PRESETS

ROOT = Path(__file__).resolve().parent.parent

ONE_CALL = """
import json, sys, time
from quitlok import QUITLOK, KVITLACH
from quitlok.odds import advise
rules = {"Quitlok": QUITLOK, "Kvitlach": KVITLACH}[sys.argv[1]]
card, exact = int(sys.argv[2]), sys.argv[3] == "exact"
stake = 1 if rules.bet_first else 0
start = time.perf_counter()
advise([card], [], rules, stake=stake, room=1, exact=exact)
first = time.perf_counter() - start
again = []
for _ in range(200):
    start = time.perf_counter()
    advise([card], [], rules, stake=stake, room=1, exact=exact)
    again.append(time.perf_counter() - start)
again.sort()
print(json.dumps([first, again[len(again) // 2]]))
"""

TABLE = """
import sys, time
from quitlok import QUITLOK, KVITLACH
from quitlok.odds import strategy_table
rules = {"Quitlok": QUITLOK, "Kvitlach": KVITLACH}[sys.argv[1]]
start = time.perf_counter()
strategy_table(rules)
print(time.perf_counter() - start)
"""

BANKER = """
import json, sys, time
from quitlok import QUITLOK, KVITLACH
from quitlok.bots import BestPlayer, bold, cautious
from quitlok.coach import banker_coach
from quitlok.game import BANKER, new_game
from quitlok.sim import step
rules = {"Quitlok": QUITLOK, "Kvitlach": KVITLACH}[sys.argv[1]]
times = []
for seed in range(40):
    players = {i: (cautious, bold, BestPlayer)[i % 3](seed * 10 + i) for i in range(5)}
    s = new_game(rules, [f"P{i}" for i in range(5)], banker=seed % 5, bank=20, purses=40, seed=seed)
    for _ in range(300):
        if s.is_over:
            break
        if s.phase == BANKER:
            start = time.perf_counter()
            banker_coach(s)
            times.append(time.perf_counter() - start)
        s = step(s, players)
print(json.dumps(times))
"""


def fresh(script: str, *args: str) -> str:
    return subprocess.run([sys.executable, "-c", script, *args], cwd=ROOT, check=True, capture_output=True,
                          text=True).stdout


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def main() -> None:
    for preset, goal in (("Quitlok", 0.05), ("Kvitlach", 0.25)):
        runs = [json.loads(fresh(ONE_CALL, preset, str(card), "float")) for card in range(1, 13)]
        firsts, agains = [r[0] for r in runs], [r[1] for r in runs]
        print(f"{preset:8} advise, one card, fresh process: median {ms(statistics.median(firsts))}, "
              f"slowest {ms(max(firsts))} (first card {1 + firsts.index(max(firsts))}); goal {ms(goal)}")
        print(f"{preset:8} advise repeated:                 median {statistics.median(agains) * 1e6:.0f} µs, "
              f"slowest {max(agains) * 1e6:.0f} µs; goal 1 ms")
        exact = [json.loads(fresh(ONE_CALL, preset, str(card), "exact"))[0] for card in (1, 4, 7, 10)]
        print(f"{preset:8} advise exact=True, fresh:        median {ms(statistics.median(exact))}, "
              f"slowest {ms(max(exact))} (first cards 1, 4, 7, 10); goal 3 s")
        tables = [float(fresh(TABLE, preset)) for _ in range(3)]
        models = "-".join(map(str, PRESETS[preset].banker_models[::len(PRESETS[preset].banker_models) - 1]))
        print(f"{preset:8} strategy table (12 cards x banker {models}), fresh: median "
              f"{ms(statistics.median(tables))}; goal 2 s")
        times = sorted(json.loads(fresh(BANKER, preset)))
        print(f"{preset:8} banker's Hint, {len(times)} decisions: median {ms(statistics.median(times))}, "
              f"95th percentile {ms(times[int(0.95 * len(times))])}, slowest {ms(times[-1])}; "
              "goal 50 ms median, 1 s slowest")


if __name__ == "__main__":
    main()
