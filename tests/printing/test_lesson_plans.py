"""The lesson plans: the Teachers page's words on paper, every step timed, every cited source in full; and they
teach from the app as it is (issue 24, item 7): every screen they link to is a page of the app, every control
they tell the teacher to press is on the class session's page, every kind of question they name is one the
class session asks, and every misconception they quote is the app's own wording."""

import ast
import re
from pathlib import Path

import pytest

from quitlok import KVITLACH, QUITLOK, content
from quitlok.classroom import KINDS, kind_title
from quitlok.printing import LESSON_PLANS
from quitlok.printing.markdown import Heading, Table, blocks, plain
from quitlok.quiz import MISCONCEPTIONS
from tests.printing import poppler
from tests.printing.conftest import PAPERS

#: pages each plan takes (laid out at 10 points, or 9.5 or 9 where that saves a page)
PAGES = {45: 3, 90: 4}


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


def test_each_plan_has_the_history_the_pack_a_vote_the_class_table_the_variants_and_the_class_session():
    """History, the pack, a class vote, the class table, the variants and the class session, in each plan."""
    for minutes in LESSON_PLANS:
        headings = " ".join(steps(minutes)).lower()
        for part in ("where the game comes from", "pack", "vote", "class table", "variants", "class session"):
            assert part in headings, (minutes, part)


ROOT = Path(__file__).resolve().parents[2]
PLANS = {45: "teachers/lesson_45", 90: "teachers/lesson_90"}
#: the class session's controls a plan tells the teacher to press, as bold words
CONTROLS = ("Start a session", "Open the projector screen", "Show a session on this screen",
            "Pupils choose from a list of friendly names", "Reasons for a young class", "Next question",
            "Reveal the answer", "Start a class table", "Open a vote on the class's move", "Top five")


def body(minutes: int) -> str:
    return content.sections(PLANS[minutes])["body"]


def page_paths() -> set[str]:
    """The address of every page in the app's navigation: its url_path, or its file's name."""
    tree = ast.parse((ROOT / "tutorial_app.py").read_text(encoding="utf-8"))
    paths = set()
    for call in ast.walk(tree):
        if isinstance(call, ast.Call) and getattr(call.func, "attr", "") == "Page":
            named = {k.arg: k.value.value for k in call.keywords if isinstance(k.value, ast.Constant)}
            paths.add(named.get("url_path") or Path(call.args[0].value).stem)
    return paths


def strings_of(path: Path) -> set[str]:
    return {node.value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)}


@pytest.mark.parametrize("minutes", PLANS)
def test_every_screen_a_plan_links_to_is_a_page_of_the_app(minutes):
    links = re.findall(r"\]\(([^)]+)\)", body(minutes))
    assert len(links) >= 5
    assert set(links) <= page_paths()


@pytest.mark.parametrize("minutes", PLANS)
def test_every_control_a_plan_names_is_on_the_class_sessions_page(minutes):
    text, page = body(minutes), strings_of(ROOT / "pages" / "classroom.py")
    named = [c for c in CONTROLS if f"**{c}**" in text]
    assert {"Start a session", "Next question", "Reveal the answer", "Start a class table"} <= set(named)
    for control in named:
        assert any(control in s for s in page), f"the plan says to press {control!r}, which the page no longer has"


@pytest.mark.parametrize("minutes", PLANS)
def test_every_kind_of_question_a_plan_names_is_one_the_session_asks(minutes):
    titles = {kind_title(kind, rules) for kind in KINDS for rules in (QUITLOK, KVITLACH)}
    asked = re.findall(r"\*\*([^*]+\?)\*\*", " ".join(body(minutes).split()))
    assert asked and set(asked) <= titles


def _template(text: str) -> re.Pattern:
    """A misconception's words as a pattern: its fields ({twelve}, {pool}) stand for what the app fills in."""
    parts = re.split(r"\{[a-z_]+\}", text)
    return re.compile(".+?".join(map(re.escape, parts)))


@pytest.mark.parametrize("minutes", PLANS)
def test_every_misconception_a_plan_quotes_is_the_apps_own_wording(minutes):
    text = body(minutes)
    quoted = []
    for block in re.findall(r"\*\*Misconceptions? to expect[^\n]*\n?((?:.*\n)*?)(?:\n|$)", text + "\n"):
        quoted += re.findall(r"\*([^*]+)\*", block)
    quoted += re.findall(r"\*\*Misconceptions? to expect:?\*\* \*([^*]+)\*", " ".join(text.split()))
    assert len(quoted) >= 5
    for words in quoted:
        words = " ".join(words.split())
        assert any(_template(m).fullmatch(words) for m in MISCONCEPTIONS.values()), words
