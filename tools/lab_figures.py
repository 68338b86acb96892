"""Write the Lab's figures that ship beside a large equilibrium (quitlok/data/quitlok_figures.json) again, from the
shipped strategies, without solving again.

    nice -n 10 python tools/lab_figures.py [quitlok]

Loads the shipped equilibrium with its tree and both best responses (Quitlok: about 2 minutes and 4 GB), works out
the Lab's figures (quitlok.equilibrium.edge_figures: the value, each fixed banker model, each computer player style
against a banker on 17 and against the banker's best response to it, the mixed positions) and writes them. The
recompute (tools/solve_quitlok.py --save) writes them too; tests/solve/test_solve.py checks them."""

import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from quitlok import equilibrium  # noqa: E402


def main(name: str = "quitlok") -> None:
    if name not in equilibrium.SHIPPED_FIGURES:
        raise SystemExit(f"no shipped figures for {name!r}: {', '.join(equilibrium.SHIPPED_FIGURES)}")
    started = time.perf_counter()
    figures = equilibrium.edge_figures(equilibrium.shipped_solution(name), name)
    path = equilibrium.figures_path(name)
    equilibrium.write_figures(figures, path)
    for style in figures.styles:
        print(f"{style.style}: {100 * style.against_17:+.3f} against a banker on 17, "
              f"{100 * style.against_best_banker:+.3f} against his best response (chips per 100 hands)")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"wrote {path} in {time.perf_counter() - started:.0f} s, peak memory {peak:.0f} MB")


if __name__ == "__main__":
    main(*sys.argv[1:2])
