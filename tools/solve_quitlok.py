"""Recompute the equilibrium of one Quitlok hand (24 cards; one player, the banker at his best too) from scratch.

    nice -n 10 python tools/solve_quitlok.py [--iterations 20000] [--target 1e-6] [--minutes 28] [--save]

Discounted CFR with four passes of the player to each of the banker's (--player-passes 4, the default here; or
--method pcfr+: predictive CFR+) on the public tree (quitlok.solve, the banker's side grouped by deck:
quitlok.solve_grouped), an exact best response for each side every --every iterations; stops at the target
exploitability (chips a hand), the iteration limit or the time limit. Prints the size of the game, the value, the
exploitability, the time and the peak memory; --save writes the strategies to quitlok/data/ (the package's shipped
copy). QUITLOK_SOLVE_THREADS (default 2) sets the threads the banker's side runs on."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from solve_kvitlach import main  # noqa: E402

if __name__ == "__main__":
    main("quitlok", __doc__)
