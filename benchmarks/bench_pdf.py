"""How long each printable sheet takes to build, and how large it is.

Run: python benchmarks/bench_pdf.py [--language he] [--paper A4] [--rounds 5]
Every sheet of the Teachers page, on A4 and US Letter, built ROUNDS times in
this process (the first build of a process also loads fpdf2 and uharfbuzz, so
it is printed apart); the median of the rest is what a teacher waits after
pressing a download button the first time (the page then keeps the PDF).
`--language` makes the sheets in another language (Hebrew's are shaped right to
left throughout, Czech's and English's only where they hold Hebrew).
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from quitlok import KVITLACH, QUITLOK  # noqa: E402
from quitlok.i18n import LANGUAGES, use  # noqa: E402
from quitlok.printing import (  # noqa: E402
    PAPERS,
    glossary_pdf,
    lesson_plan_pdf,
    pack_pdf,
    pupil_rules_pdf,
    rules_sheet_pdf,
    worksheet_pdf,
)

ROUNDS = 5
SHEETS = {
    "pack, 24 cards": lambda paper: pack_pdf(2, paper),
    "pack, 48 cards": lambda paper: pack_pdf(4, paper),
    "rules sheet, Quitlok": lambda paper: rules_sheet_pdf(QUITLOK, paper),
    "rules sheet, Kvitlach": lambda paper: rules_sheet_pdf(KVITLACH, paper),
    "rules for pupils, Quitlok": lambda paper: pupil_rules_pdf("Quitlok", paper),
    "rules for pupils, Kvitlach": lambda paper: pupil_rules_pdf("Kvitlach", paper),
    "glossary": glossary_pdf,
    "worksheet 4821, Quitlok": lambda paper: worksheet_pdf(4821, QUITLOK, paper),
    "worksheet 4821, Kvitlach": lambda paper: worksheet_pdf(4821, KVITLACH, paper),
    "lesson plan, 45 minutes": lambda paper: lesson_plan_pdf(45, paper),
    "lesson plan, 90 minutes": lambda paper: lesson_plan_pdf(90, paper),
}


def timed(make, paper) -> tuple[float, int]:
    start = time.perf_counter()
    size = len(make(paper))
    return time.perf_counter() - start, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--language", choices=list(LANGUAGES), default="en")
    parser.add_argument("--paper", choices=list(PAPERS), action="append")
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    args = parser.parse_args()
    with use(args.language):
        first, size = timed(SHEETS["rules sheet, Quitlok"], "A4")
        print(f"first build in this process (rules sheet, A4, {args.language}): {first * 1000:,.0f} ms\n")
        print(f"{'sheet':26} {'paper':10} {'median':>9} {'slowest':>9} {'size':>9}")
        for name, make in SHEETS.items():
            for paper in args.paper or PAPERS:
                report(name, make, paper, args.rounds)


def report(name: str, make, paper: str, rounds: int) -> None:
    """One sheet on one paper: the median and slowest of `rounds` builds, and its size."""
    runs = [timed(make, paper) for _ in range(rounds)]
    times = [t for t, _ in runs]
    print(f"{name:26} {paper:10} {statistics.median(times) * 1000:>6,.0f} ms {max(times) * 1000:>6,.0f} ms "
          f"{runs[0][1] / 1024:>6,.0f} KB")


if __name__ == "__main__":
    main()
