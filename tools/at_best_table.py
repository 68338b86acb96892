"""Write the strategy tables the app plays the solved games from (quitlok/data/<name>_at_best.npz).

    nice -n 15 python tools/at_best_table.py [kvitlach|quitlok]

Kvitlach (the default): reads the shipped equilibrium (quitlok/data/kvitlach_equilibrium.npz, with its tree: about
30 s and 600 MB) and writes its strategies by information set (quitlok.at_best.write_table): the banker's chance of
standing for each public history and each multiset of his cards where he chooses, and the player's chances of each
move for each public history and face-down cards.

Quitlok: builds its tree (about 30 s and 1.2 GB; the best responses are not recomputed) and writes the banker's
chance of standing at every position a hand reaches, both playing the shipped strategies
(quitlok.at_best.write_quitlok_table), and Quitlok's strategy card (quitlok/data/quitlok_card.json:
quitlok.equilibrium.quitlok_card).

Run it again whenever a shipped equilibrium changes; tests/solve/test_at_best.py and
tests/solve/test_at_best_quitlok.py check the tables against them."""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from quitlok import equilibrium  # noqa: E402
from quitlok.at_best import QUITLOK_TABLE, TABLE, write_quitlok_table, write_table  # noqa: E402
from quitlok.equilibrium import shipped_solution  # noqa: E402
from quitlok.solve import Tree, load_strategies, shipped_game, shipped_path, strategy_value  # noqa: E402


def main(name: str = "kvitlach") -> None:
    started = time.perf_counter()
    if name == "kvitlach":
        write_table(shipped_solution("kvitlach"))
        path, said = TABLE, ""
    elif name == "quitlok":
        tree = Tree(shipped_game("quitlok"))
        player, banker, kept = load_strategies(tree, shipped_path("quitlok"))
        wrote = write_quitlok_table(tree, player, banker, kept)
        path, said = QUITLOK_TABLE, f"; {wrote['histories']:,} histories, {wrote['positions']:,} positions"
        value = strategy_value(tree, player, banker)
        equilibrium.write_quitlok_card(equilibrium.quitlok_card(tree, player, banker, value))
        print(f"wrote {equilibrium.QUITLOK_CARD}: {equilibrium.shipped_quitlok_card()}")
    else:
        raise SystemExit(f"no solved game named {name!r}: kvitlach or quitlok")
    print(f"wrote {path} ({path.stat().st_size:,} bytes{said}) in {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main(*sys.argv[1:2])
