"""How fast the engine plays: random full games, actions per second, for both presets.

Run: python benchmarks/bench_game.py
Each game is played by RandomPlayers (and, separately, by the cautious/bold
computer players) until it ends or reaches a cap of actions; every action goes
through legal_actions and apply_action, as the app's does.
"""

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from quitlok import KVITLACH, QUITLOK  # noqa: E402
from quitlok.bots import bold, cautious  # noqa: E402
from quitlok.sim import random_game, random_players, step  # noqa: E402

GAMES = 200
SEATS = 5
CAP = 2000
ROUNDS = 5


def run(rules, players_for) -> tuple[float, int, int]:
    """Play GAMES games; return actions per second, total actions and games that ended."""
    actions = ended = 0
    start = time.perf_counter()
    for seed in range(GAMES):
        state, players = random_game(rules, SEATS, seed), players_for(seed)
        for _ in range(CAP):
            if state.is_over:
                ended += 1
                break
            state = step(state, players)
            actions += 1
    return actions / (time.perf_counter() - start), actions, ended


def styled(seed):
    return {i: (cautious if i % 2 else bold)(seed + i) for i in range(SEATS)}


def main() -> None:
    print(f"{GAMES} games of {SEATS} seats per round, at most {CAP} actions each; median of {ROUNDS} rounds")
    for rules in (QUITLOK, KVITLACH):
        for label, players in (("random players", lambda seed: random_players(SEATS, seed)),
                               ("cautious/bold players", styled)):
            results = [run(rules, players) for _ in range(ROUNDS)]
            speed = statistics.median(r[0] for r in results)
            _, actions, ended = results[0]
            print(f"{rules.name:9} {label:22} {speed:>9,.0f} actions/s  ({actions:,} actions, "
                  f"{ended}/{GAMES} games ended)")


if __name__ == "__main__":
    main()
