"""The lesson plans: the Teachers page's words on paper, every step timed, every cited source in full."""

import re

import pytest

from quitlok import content
from quitlok.printing import LESSON_PLANS
from quitlok.printing.markdown import Heading, Table, blocks, plain
from tests.printing import poppler
from tests.printing.conftest import PAPERS

#: pages each plan takes (laid out at 10 points, or 9.5 or 9 where that saves a page)
PAGES = {45: 2, 90: 3}


def steps(minutes: int) -> list[str]:
    body = content.sections(f"teachers/lesson_{minutes}")["body"]
    return [b.text for b in blocks(body) if isinstance(b, Heading)]


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("minutes", LESSON_PLANS)
def test_every_step_of_the_plan_is_on_paper(plans, minutes, paper):
    pdf = plans[minutes, paper]
    assert poppler.pages(pdf) == PAGES[minutes]
    words = poppler.flat(poppler.text(pdf))
    assert content.title(f"teachers/lesson_{minutes}") in words
    for step in steps(minutes):
        assert plain(step) in words, step
    assert "**" not in words and "###" not in words and "\\[" not in words


@pytest.mark.parametrize("minutes", LESSON_PLANS)
def test_the_steps_fill_the_lesson_exactly(minutes):
    """The timed steps add up to the lesson, and the table of timings agrees with the headings."""
    text = content.sections(f"teachers/lesson_{minutes}")["body"]
    timed = [int(m) for step in steps(minutes) for m in re.findall(r"\((\d+) minutes\)", step)]
    assert sum(timed) == minutes
    table = next(b for b in blocks(text) if isinstance(b, Table))
    spans = [tuple(map(int, re.fullmatch(r"(\d+) to (\d+)", row[0]).groups())) for row in table.rows]
    assert spans[0][0] == 0 and spans[-1][1] == minutes
    assert all(a[1] == b[0] for a, b in zip(spans, spans[1:], strict=False))
    assert [end - start for start, end in spans] == timed


@pytest.mark.parametrize("minutes", LESSON_PLANS)
def test_every_source_the_plan_cites_is_listed_in_full(plans, minutes):
    body = content.sections(f"teachers/lesson_{minutes}")["body"]
    cited = content.cited(body)
    assert {1, 4, 6} <= set(cited), "the plans tell the history from the sources"
    words = poppler.flat(poppler.text(plans[minutes, "A4"]))
    sources = words[words.rindex("Sources"):]
    entries = content.reference_entries()
    for number in cited:
        title, details = entries[number]
        assert f"[{number}] {title}." in sources
        for address in re.findall(r"https://\S+", details):
            assert address in sources
    assert all(f"[{n}]" not in sources for n in set(entries) - set(cited))


def test_each_plan_has_the_history_the_pack_a_vote_a_hand_the_variants_and_a_quiz():
    """History, the pack, a class vote, a played hand, the variants and a quiz, in each plan."""
    for minutes in LESSON_PLANS:
        headings = " ".join(steps(minutes)).lower()
        for part in ("where the game comes from", "pack", "vote", "played hand", "variants", "quiz"):
            assert part in headings, (minutes, part)
