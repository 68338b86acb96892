"""Write the strategy table the app plays the solved game from (quitlok/data/kvitlach_at_best.npz).

    nice -n 15 python tools/at_best_table.py

Reads the shipped equilibrium (quitlok/data/kvitlach_equilibrium.npz, with its tree: about 30 s and 600 MB) and
writes its strategies by information set (quitlok.at_best.write_table): the banker's chance of standing for each
public history and each multiset of his cards where he chooses, and the player's chances of each move for each
public history and face-down cards. Run it again whenever the shipped equilibrium changes;
tests/solve/test_at_best.py checks the two agree."""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from quitlok.at_best import TABLE, write_table  # noqa: E402
from quitlok.equilibrium import shipped_solution  # noqa: E402


def main() -> None:
    started = time.perf_counter()
    write_table(shipped_solution("kvitlach"))
    print(f"wrote {TABLE} ({TABLE.stat().st_size:,} bytes) in {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
