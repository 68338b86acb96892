"""How fast the Lab simulates. Prints, for each preset:

- the vectorised simulator (`quitlok.lab.simulate`), best and cautious play against a banker standing on 17:
  one million hands in a fresh process, building the style's tables included (imports not; goal: 10 s),
  and the warm rate, the same million again in that process;
- the real engine playing the same model (`quitlok.lab.engine_results`), hands per second;
- the exact edge `player_edge(rules, stands_on=s, exact=True)` in a fresh process, for every banker model
  the rules allow (goal: 2 s).

Run: python benchmarks/bench_lab.py
"""

import json
import statistics
import subprocess
import sys
from pathlib import Path

from quitlok.rules import PRESETS

ROOT = Path(__file__).resolve().parent.parent
HANDS = 1_000_000
ENGINE_HANDS = 2_000

SIMULATE = """
import json, sys, time
from quitlok.rules import PRESETS
from quitlok.lab import LabSetup, simulate
setup = LabSetup(PRESETS[sys.argv[1]], player=sys.argv[2])
hands = int(sys.argv[3])
times = []
for _ in range(2):
    start = time.perf_counter()
    total = sum(int(batch.results.sum()) for batch in simulate(setup, hands))
    times.append(time.perf_counter() - start)
print(json.dumps([*times, total / hands]))
"""

ENGINE = """
import sys, time
from quitlok.rules import PRESETS
from quitlok.lab import LabSetup, engine_results
setup = LabSetup(PRESETS[sys.argv[1]], player=sys.argv[2])
engine_results(setup, 20)  # the style's first decisions (the solver) are not the engine's speed
start = time.perf_counter()
engine_results(setup, int(sys.argv[3]), seed=1)
print(time.perf_counter() - start)
"""

EDGE = """
import sys, time
from quitlok.rules import PRESETS
from quitlok.odds import player_edge
rules = PRESETS[sys.argv[1]]
start = time.perf_counter()
edge = player_edge(rules, stands_on=int(sys.argv[2]), exact=True)
print(time.perf_counter() - start, float(edge))
"""


def fresh(script: str, *args: object) -> str:
    return subprocess.run([sys.executable, "-c", script, *map(str, args)], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def rate(hands: int, seconds: float) -> str:
    return f"{hands / seconds:,.0f} hands/s"


def main() -> None:
    for preset, rules in PRESETS.items():
        for player in ("best", "cautious"):
            cold, warm, average = json.loads(fresh(SIMULATE, preset, player, HANDS))
            print(f"{preset:8} simulate {player:8} {HANDS:,} hands, fresh process: {ms(cold)} "
                  f"({rate(HANDS, cold)}); warm {ms(warm)} ({rate(HANDS, warm)}); average {average:+.4f}; "
                  f"goal 10 s")
        for player in ("best", "cautious"):
            seconds = float(fresh(ENGINE, preset, player, ENGINE_HANDS))
            print(f"{preset:8} engine   {player:8} {ENGINE_HANDS:,} hands: {ms(seconds)} "
                  f"({rate(ENGINE_HANDS, seconds)})")
        for stands_on in rules.banker_models:
            runs = [fresh(EDGE, preset, stands_on).split() for _ in range(3)]
            seconds = statistics.median(float(run[0]) for run in runs)
            print(f"{preset:8} player_edge exact, banker stands on {stands_on}, fresh process: median {ms(seconds)} "
                  f"(edge {float(runs[0][1]):+.5f}); goal 2 s")


if __name__ == "__main__":
    main()
