"""The learner's and teacher's pages speak the reader's language (issue 26, i18n-rules.md point 10): tutorial_app.py
(page titles), Home, Lessons, Rules, Quiz, Review, Practice table, Teachers, Advisor, Lab, the History pages,
Variants, Glossary and the reference list, opened in the tests' pseudo-language (quitlok.i18n.PSEUDO) and taken
to their main states (a lesson's hand played, a guess revealed and its check answered; a quiz round answered to
its summary; a mistake reviewed; a practice game started and played on; the advisor with a hand, as banker, with
a bad link and its strategy table; a Lab run with its charts; a worksheet for a young class).

Two checks:

- `test_..._page_files_words` (always): no text on the screen is English that one of these page files wrote.
  Every string the files write (a constant, an f-string, a `.format` template: `page_phrases`) is looked for on
  the screen in English; a string marked for translation shows in the pseudo-language, so only an unmarked one
  is found. The words other modules draw on these pages (quitlok/ui, the engine, content/) are their owners'
  and checked by their tests; this check does not wait for them.
- `test_..._show_no_english` (once the app-level language switch, quitlok.ui.language, and the machinery's
  check, tests/i18n/visible.py, are in the branch: skipped before): no visible text on the screen, whoever
  wrote it, holds English (a run of three or more plain ASCII letters other than names and program text), the
  Lab's chart texts (titles, axes, legends, hover texts) included.

Until the app-level switch reads `?lang=qps`, the language's default is made the pseudo-language for the test
(every run of the app runs in a thread of its own, which starts from the default).
"""

import ast
import json
import re
from contextvars import ContextVar
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from quitlok import i18n
from quitlok.i18n import PSEUDO
from quitlok.lessons import LESSONS
from quitlok.practice import COMPUTER_NAMES
from quitlok.progress import DAY, Mistake, Progress
from quitlok.rules import PRESETS
from quitlok.ui import progress as learner
from tests.conftest import ROOT

APP = ROOT / "tutorial_app.py"
HISTORY = ("pages/history_origins.py", "pages/history_cards.py", "pages/history_people.py", "pages/variants.py",
           "pages/glossary.py", "pages/sources.py")
NOW = 1_800_000_000.0


# --- the strings the page files write ------------------------------------------------------------------------

#: a string that is program text, never words for people: a key, a path, an icon, a MIME type, a format
_PROGRAM = re.compile(r"^[a-z0-9_.:/\-*,\[\]{}\"= +%]*$")
#: a placeholder of a `.format` template, or the value of an f-string
_HOLE = re.compile(r"\{[^{}]*\}|\x00")
#: Streamlit's Markdown directives (":blue-badge[", ":material/school:"), which no translation changes
_DIRECTIVE = re.compile(r":[a-z]+(?:-[a-z]+)*\[|:material/\w+:")


def _templates(path: Path) -> list[str]:
    """Every string `path` writes, but its docstrings: constants as they are, f-strings with \\x00 for a value."""
    tree = ast.parse(path.read_text())
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    inside_fstrings = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for part in node.values}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            found.append("".join(p.value if isinstance(p, ast.Constant) else "\x00" for p in node.values))
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
              and id(node) not in inside_fstrings):
            found.append(node.value)
    return found


def page_phrases(*files: str) -> list[tuple[str, re.Pattern, bool]]:
    """The words for people that `files` write, each as (the string, a pattern that finds it on the screen in
    English, whether it must be a whole text): a string of several words anywhere in a text, one word only as a
    whole text (a label)."""
    phrases = []
    for file in files:
        for template in _templates(ROOT / file):
            words = _DIRECTIVE.sub(" ", _HOLE.sub(" ", template))
            if _PROGRAM.match(template) or not re.search(r"[A-Za-z]{3,}", words):
                continue
            if template.strip() in PRESETS or template.strip() in [p.name for p in PRESETS.values()]:
                continue  # the traditions' names, the same in every language
            pattern = ".+?".join(re.escape(part) for part in _HOLE.split(template))
            several = len(re.findall(r"[A-Za-z]{2,}", words)) > 1
            phrases.append((template, re.compile(rf"\s*{pattern}\s*", re.DOTALL), not several))
    return phrases


def sidebar_titles() -> list[tuple[str, re.Pattern, bool]]:
    """The page titles tutorial_app.py lists (st.Page(..., title=...)), which the sidebar's list of pages shows."""
    tree = ast.parse(APP.read_text())
    titles = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "Page":
            for keyword in node.keywords:
                if keyword.arg == "title":
                    title = ast.literal_eval(keyword.value.args[0]) if isinstance(keyword.value, ast.Call) \
                        else ast.literal_eval(keyword.value)
                    titles.append((title, re.compile(rf"\s*{re.escape(title)}\s*"), True))
    assert len(titles) == 19, titles  # every page
    return titles


# --- what the screen shows -------------------------------------------------------------------------------------

#: fields of Streamlit's messages that hold program text, never words for people
_PROGRAM_FIELDS = frozenset({
    "id", "key", "form_id", "element_id", "fragment_id", "js_content", "css_content", "html_content", "json",
    "icon", "url", "page", "page_script_hash", "url_path", "format", "type", "data", "arrow_data", "styler",
    "file_name", "mime", "spec", "theme", "value", "default", "set_value", "raw_value", "anchor",
})


def _strings(message, texts: list[str]) -> None:
    for field, value in message.ListFields():
        if field.name in _PROGRAM_FIELDS:
            continue
        repeated = getattr(field, "is_repeated", None)
        if repeated is None:
            repeated = field.label == field.LABEL_REPEATED
        values = value if repeated else [value]
        for item in values:
            if isinstance(item, str):
                texts.append(item)
            elif hasattr(item, "ListFields"):
                _strings(item, texts)


def _walk(node, texts: list[str], cells: list[str]) -> None:
    proto = getattr(node, "proto", None)
    if hasattr(proto, "ListFields"):
        _strings(proto, texts)
    kind = type(node).__name__
    if kind in ("Table", "Dataframe"):
        frame = node.value
        if hasattr(frame, "data"):  # a Styler
            frame = frame.data
        cells += [str(c) for c in frame.columns]
        cells += [v for v in frame.to_numpy().ravel() if isinstance(v, str)]
    if kind in ("Markdown", "Caption", "Title", "Header", "Subheader", "Info", "Warning", "Error", "Success",
                "Toast", "Metric"):
        texts.append(str(node.value))
    if kind == "UnknownElement" and getattr(proto, "spec", ""):  # a Plotly chart: the figure's words
        texts += chart_words(json.loads(proto.spec))
    for child in getattr(node, "children", {}).values():
        _walk(child, texts, cells)


def chart_words(figure: dict) -> list[str]:
    """The texts of a Plotly figure a person reads: titles, axes' titles and tick labels, legend names, hover
    templates and texts, annotations."""
    found: list[str] = []

    def walk(value, key=""):
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and key in ("text", "name", "hovertemplate", "hovertext", "ticktext"):
            found.append(value)

    for trace in figure.get("data", []):
        if trace.get("showlegend") is False and trace.get("hoverinfo") == "skip":
            trace.pop("name", None)  # a name neither a legend nor a hover shows
    walk(figure)
    return found


def screen_parts(at: AppTest) -> tuple[list[str], list[str]]:
    """Every text a person sees on the page (main area and sidebar): its elements' and widgets' texts, and the
    column names and text cells of its tables."""
    texts: list[str] = []
    cells: list[str] = []
    for root in (at.main, at.sidebar):
        _walk(root, texts, cells)
    return texts, cells


def screen(at: AppTest, where: str) -> list[str]:
    """Every text a person sees in `where` ("main" or "sidebar") of the page, tables' words included."""
    texts: list[str] = []
    cells: list[str] = []
    _walk(at.main if where == "main" else at.sidebar, texts, cells)
    return texts + cells


def english_of(phrases, texts: list[str], cells: list[str] = ()) -> list[str]:
    """The strings of `phrases` found in English in `texts`, or in `cells` (tables' words, which other modules'
    tables share: a string of several words only)."""
    return sorted({template for template, pattern, whole in phrases for text in texts
                   if (pattern.fullmatch(text) if whole else pattern.search(text))}
                  | {template for template, pattern, whole in phrases for text in cells
                     if not whole and pattern.search(text)})


def template_in(phrases, template: str, text: str) -> bool:
    return bool(english_of([p for p in phrases if p[0] == template], [text], [text]))


# --- the app in the pseudo-language ------------------------------------------------------------------------------


_KEPT_LINE = re.compile(r"^(## .*|\s*- \[[ x]\] )")


def _content_in_pseudo(text: str) -> str:
    """A content file as the pseudo-language's content reads (quitlok.content, once the machinery's content per
    language is merged): every line in the pseudo-language but its '## ' headings (the sections' keys) and a check
    question's option marks."""
    lines = []
    for line in text.splitlines(keepends=True):
        kept = _KEPT_LINE.match(line)
        lines.append(line if kept and line.startswith("## ") else
                     (kept[0] if kept else "") + i18n.pseudo(line[kept.end() if kept else 0:]))
    return "".join(lines)


@pytest.fixture
def in_pseudo(monkeypatch):
    """Every run of the app in the pseudo-language: `?lang=qps` once the app reads it (visit), and the language's
    default until then; content/ read in the pseudo-language as the machinery's quitlok.content reads it (until
    that is merged: content's words are not these pages' own, and quote their labels, "**Load progress**")."""
    from quitlok import content, ui
    from quitlok.ui import words

    english = content.read

    def read(*args, **kwargs) -> str:
        text = english(*args, **kwargs)
        return _content_in_pseudo(text) if i18n.language() == PSEUDO else text

    for module in (content, words, ui):
        monkeypatch.setattr(module, "read" if module is content else "content", read)
    monkeypatch.setattr(i18n, "_LANGUAGE", ContextVar("quitlok_language", default=PSEUDO))
    i18n.translations.cache_clear()
    monkeypatch.setattr(learner, "CLOCK", lambda: NOW)
    yield
    i18n.translations.cache_clear()


def visit(page: str, query: dict | None = None, **state) -> AppTest:
    """A new visitor in the pseudo-language on `page`, with `state` in the session (a kept progress)."""
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.query_params["lang"] = PSEUDO
    for key, value in (query or {}).items():
        at.query_params[key] = value
    for key, value in state.items():
        at.session_state[key] = value
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def run(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, at.exception
    return at


def click(at: AppTest, key: str) -> AppTest:
    """Press the button `key` (or the move button whose key is `key` and the table's version)."""
    button = next(b for b in at.button if b.key == key or (b.key or "").rsplit(".", 1)[0] == key)
    button.click().run()
    assert not at.exception, at.exception
    return at


def mistake(cost: float, made: float) -> Mistake:
    return Mistake(made=made, rules="Quitlok", hand=(10, 6), seen=(4, 9), stake=2, room=8,
                   options=(("Stay", 0.25), ("Bet 8", 0.25 - cost)), chosen="Bet 8")


# --- each page through its states: the screens to check -------------------------------------------------------


def home_screens():
    yield visit("pages/home.py")
    kept = Progress().with_lesson(LESSONS[0].slug, done=True).with_quiz_answer("Blots", True) \
        .with_decision(mistake(0.5, NOW - 2 * DAY), NOW - 2 * DAY)
    at = visit("pages/home.py", progress=kept)
    at.session_state["home.tools"] = True  # the progress tools, drawn once opened
    yield run(at)
    at.text_input(key="home.code").input("QL1-nonsense")
    yield click(at, "home.load")


def lessons_screens():
    at = visit("pages/lessons.py")
    yield at
    for _ in range(3):  # the first step's hand: the suggested moves, the others' play
        keys = [b.key for b in at.button if b.key and (b.key.startswith("lesson.do.") or b.key == "lesson.next")]
        if not keys:
            break
        yield click(at, keys[0])
    lesson = LESSONS[0]
    assert at.session_state[f"lesson.moves.{lesson.slug}"], "the learner made a move"
    radio = at.radio(key=f"lesson.check.{lesson.slug}")
    radio.set_value(0).run()
    yield click(at, f"lesson.check_button.{lesson.slug}")
    guessing = next(i for i, lesson in enumerate(LESSONS) if lesson.predict not in (None, "value"))
    at.selectbox(key="lesson.jump.0").set_value(guessing).run()
    yield at
    lesson = LESSONS[guessing]
    at.slider(key=f"lesson.guess.{lesson.slug}").set_value(20).run()
    yield click(at, f"lesson.reveal.{lesson.slug}")
    at.selectbox(key=f"lesson.jump.{guessing}").set_value(len(LESSONS) - 1).run()
    yield at


def quiz_screens():
    at = visit("pages/quiz.py")
    yield at
    for _ in range(10):  # a whole round, every answer the first option, to the summary
        at.radio(key="quiz.choice").set_value(0).run()
        click(at, "quiz.check")
        yield at
        click(at, "quiz.next")
    assert at.session_state["quiz.summary"], "the round's summary"
    yield at
    at.toggle(key="quiz.everything").set_value(True).run()
    yield click(at, "quiz.new_round")


def review_screens():
    yield visit("pages/review.py")
    at = visit("pages/review.py", progress=Progress().with_decision(mistake(0.5, NOW - 2 * DAY), NOW - 2 * DAY))
    yield at
    at.radio(key="review.choice").set_value(1).run()
    yield click(at, "review.check")
    assert at.session_state["review.answer"], "answered: the values of every move are shown"


def play_screens():
    at = visit("pages/play.py")
    yield at
    click(at, "play.start")
    assert at.session_state["play.table"] is not None
    yield at
    for key in ("play.next", "play.skip", "play.next", "play.do.stay", "play.skip", "play.next"):
        if any(b.key == key or (b.key or "").rsplit(".", 1)[0] == key for b in at.button if not b.disabled):
            yield click(at, key)


def advisor_screens():
    at = visit("pages/advisor.py", query={"hand": "6,x", "stake": "lots", "stock": "99"})
    yield at  # the link's problems
    assert at.error, "the link's problems are said"
    for rank in (6, 5):
        click(at, f"advisor.add.{rank}")
    at.radio(key="advisor.target").set_value("Cards I have seen").run()
    click(at, "advisor.add.9")
    assert at.session_state["advisor.hand"] == [6, 5] and at.session_state["advisor.seen"] == [9]
    yield at
    at.number_input(key="advisor.stock").set_value(8).run()
    yield at
    at.session_state["advisor.strategy"] = True  # the strategy table, drawn once opened
    yield run(at)
    click(at, "advisor.add.10")  # 21: the turn is over
    yield at
    at.radio(key="advisor.role").set_value("I hold the bank").run()
    click(at, "advisor.clear")
    for rank in (10, 7):
        click(at, f"advisor.add.{rank}")
    yield at
    at.text_input(key="advisor.open.0.cards").input("?, x").run()
    yield at


def lab_screens():
    at = visit("pages/lab.py")
    yield at
    at.radio(key="lab.hands").set_value(1_000).run()
    at.radio(key="lab.player").set_value("cautious").run()
    at.radio(key="lab.retire").set_value("2").run()
    yield click(at, "lab.run")
    assert at.session_state["lab.last"] is not None and len(at.get("plotly_chart")) == 3, "the run's charts"
    assert all(chart_words(json.loads(chart.proto.spec)) for chart in at.get("plotly_chart")), "the charts' words"
    at.radio(key="lab.player").set_value("best").run()
    at.radio(key="lab.retire").set_value("never").run()
    yield at  # the last run no longer matches the controls
    yield click(at, "lab.run")


def teachers_screens():
    at = visit("pages/teachers.py")
    yield at
    at.toggle(key="teachers.young").set_value(True).run()
    yield at
    at.text_input(key="teachers.seed").input("no number").run()
    yield at


def other_screens():
    for page in ("pages/rules.py", *HISTORY):
        yield visit(page)


SCREENS = {"home": (home_screens, ["pages/home.py"]), "lessons": (lessons_screens, ["pages/lessons.py"]),
           "quiz": (quiz_screens, ["pages/quiz.py"]), "review": (review_screens, ["pages/review.py"]),
           "play": (play_screens, ["pages/play.py"]), "advisor": (advisor_screens, ["pages/advisor.py"]),
           "lab": (lab_screens, ["pages/lab.py"]), "teachers": (teachers_screens, ["pages/teachers.py"]),
           "rules and history": (other_screens, ["pages/rules.py", *HISTORY])}


# --- the checks ---------------------------------------------------------------------------------------------------


def test_the_check_finds_an_unmarked_string_of_a_page_and_not_a_marked_one():
    phrases = page_phrases("pages/advisor.py")
    assert english_of(phrases, ["Clear the cards to go on."]) == ["Clear the cards to go on."]
    assert english_of(phrases, [i18n.pseudo("Clear the cards to go on.")]) == []
    assert english_of(phrases, ["Bust: your cards count 23."]) == ["Bust: your cards count {value}."]
    assert english_of(phrases, ["Clear all"]) == ["Clear all"] and english_of(phrases, ["Stake"]) == ["Stake"]
    assert english_of(phrases, ["The Stake of the house"]) == [], "one word is a whole label, not a word of a text"
    assert not any(template in ("advisor.hand", ":material/calculate:") for template, *_ in phrases)
    assert english_of(page_phrases("pages/quiz.py"), [":blue-badge[Ħīşŧǿřẏ] Ẇħǿ?"]) == [], "a directive is no word"
    titles = sidebar_titles()
    assert english_of(titles, ["Lab: who has the edge?"]) == ["Lab: who has the edge?"]


@pytest.mark.parametrize("name", SCREENS)
def test_no_english_from_the_page_files_words(name, in_pseudo):
    screens, files = SCREENS[name]
    phrases, titles = page_phrases(*files), sidebar_titles()
    count = 0
    for at in screens():
        count += 1
        assert not at.exception, at.exception
        shown, cells = screen_parts(at)
        found = english_of(phrases, shown, cells)
        assert not found, [(template, [text for text in shown + cells if template_in(phrases, template, text)])
                           for template in found]
        assert not english_of(titles, screen(at, "sidebar"))
    assert count >= 1


@pytest.mark.parametrize("name", SCREENS)
def test_the_pages_show_no_english(name, in_pseudo):
    pytest.importorskip("quitlok.ui.language", reason="the app-level language switch (?lang=qps) is not merged yet")
    visible = pytest.importorskip("tests.i18n.visible", reason="the machinery's check is not merged yet")
    screens, _files = SCREENS[name]
    # and what the tests type as bad input, which the page quotes back as it was typed
    names = (*COMPUTER_NAMES, *PRESETS, *(p.name for p in PRESETS.values()), "lots", "no number")
    for at in screens():
        for where in ("main", "sidebar"):
            found = visible.escapes(visible.app_texts(at, where), names=names)
            assert not found, (name, where, found)


def test_a_bad_links_problem_is_kept_as_the_links_texts_and_said_in_the_language_of_the_run(monkeypatch):
    """The Advisor reads a link once; what was wrong with it is kept as the link's own texts, never as a sentence
    in the language of the run that read it, and said in the language of each run that shows it. (The language
    is not changed inside one AppTest session: AppTest matches a radio's value by its words, formatted in the
    test's own thread, so the second half is a session of its own, as the first left it.)"""
    monkeypatch.setattr(learner, "CLOCK", lambda: NOW)
    at = AppTest.from_file(str(APP), default_timeout=120)
    for key, value in {"hand": "6,x", "stake": "lots"}.items():
        at.query_params[key] = value
    run(at)
    run(at.switch_page("pages/advisor.py"))
    english = at.error[0].value
    assert "The link's cards are not possible" in english and "The link's stake “lots”" in english
    kept = at.session_state["advisor.problem"]
    assert kept == {"hand": "6,x", "stake": "lots"}, "the link's texts, not a sentence"
    monkeypatch.setattr(i18n, "_LANGUAGE", ContextVar("quitlok_language", default=PSEUDO))
    later = visit("pages/advisor.py", **{"advisor.problem": kept, "advisor.link_read": True})
    said = later.error[0].value
    assert "“lots”" in said and "The link's" not in said and i18n.pseudo("The link's stake") in said
