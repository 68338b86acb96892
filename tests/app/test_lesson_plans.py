"""The lesson plans teach from the app as it is (issue 24, item 7): every screen they link to is a page of the
app, every control they tell the teacher to press is on the class session's page, every kind of question they
name is one the class session asks, every misconception they quote is the app's own wording, and their
timings add up to the lesson's length."""

import ast
import re
from itertools import pairwise
from pathlib import Path

import pytest

from quitlok import KVITLACH, QUITLOK
from quitlok.classroom import KINDS, kind_title
from quitlok.content import sections
from quitlok.quiz import MISCONCEPTIONS

ROOT = Path(__file__).resolve().parents[2]
PLANS = {45: "teachers/lesson_45", 90: "teachers/lesson_90"}
#: the class session's controls a plan tells the teacher to press, as bold words
CONTROLS = ("Start a session", "Next question", "Reveal the answer", "Start a class table",
            "Open a vote on the class's move", "Top five")


def body(minutes: int) -> str:
    return sections(PLANS[minutes])["body"]


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


@pytest.mark.parametrize("minutes", PLANS)
def test_the_timings_add_up_to_the_lesson(minutes):
    text = body(minutes)
    rows = re.findall(r"^\| (\d+) to (\d+) \| (\d+)\. ", text, re.M)
    assert int(rows[0][0]) == 0 and int(rows[-1][1]) == minutes
    assert all(int(a[1]) == int(b[0]) for a, b in pairwise(rows)), "the steps follow each other"
    for start, end, step in rows:
        heading = re.search(rf"^### {step}\. .*\((\d+) minutes\)$", text, re.M)
        assert heading and int(heading[1]) == int(end) - int(start), f"step {step}'s heading says its minutes"
