"""A whole class session in the browser (issue 24, "Done when"): the teacher's device, the projector and thirty
phones, each a context of one headless Chromium, on one app server.

Two questions are asked, answered on the phones and revealed; between them the teacher hides one pupil and renames
another from the teacher's device (the change reaches the projector's top five and the renamed pupil's phone), and
a late joiner comes in (his score counts only the question asked since he joined); a phone and the projector are
reloaded; the teacher opens the report (per pupil and per question) and its CSV files number the questions as the
screens did.

Kept as light as it can be for CI (aim: under 90 s; measured only on the busy shared machine: 8.5 minutes at load
30-50 from other work, 80 s with $QUITLOK_CLASS_PHONES=5 at load 15): phones are small windows; 27 of the 30 open
the session already holding a place (their key in the browser's storage, as a phone that joined earlier keeps it:
joining through the page is checked for the other three, and in tests/e2e/test_classroom_browser.py); every phone
answers through its page, all thirty pressed one after another with no wait between them, and the test then waits
on all of them together.
"""

import csv
import io
import json
import os
import time
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from quitlok.classroom import HAND_VALUE
from quitlok.rules import QUITLOK
from tests.e2e.conftest import open_app, wait_for_app
from tests.e2e.test_classroom_browser import (  # noqa: F401 (fixtures)
    FOLLOW,
    JOIN_TIMEOUT,
    choose_kind,
    classes,
    contexts,
    join,
    no_failure,
    shots,
    start_session,
    student_key,
)
from tests.e2e.test_projector_browser import projected

pytestmark = pytest.mark.e2e

#: the class ($QUITLOK_CLASS_PHONES changes it, to look at a smaller one)
PUPILS = int(os.environ.get("QUITLOK_CLASS_PHONES", "30"))
#: a phone's window: small, so that thirty pages cost Chromium little to draw
PHONE = {"viewport": {"width": 360, "height": 640}}
#: what a page shows of the session (its text, '' while it is being drawn anew)
MAIN_JS = "() => document.querySelector('[data-testid=\"stMain\"]')?.innerText ?? ''"
SEATS_JS = "([code, token]) => localStorage.setItem('quitlok.seats', JSON.stringify({['class:' + code]: [token]}))"
#: installed before the app's scripts: counts the runs the server says it finished, by kind, read off the WebSocket:
#: a whole page's (ForwardMsg field 6, script_finished, 0) and a fragment's alone (3)
FINISHED_KINDS_JS = """
(() => {
  window.__quitlokFinished = {0: 0, 3: 0};
  const varint = (b, at) => {
    let value = 0, shift = 0, x;
    do { x = b[at.i++]; value += (x & 0x7f) * 2 ** shift; shift += 7; } while (x & 0x80);
    return value;
  };
  const status = (buffer) => {
    const b = new Uint8Array(buffer), at = {i: 0};
    while (at.i < b.length) {
      const key = varint(b, at), field = Math.floor(key / 8), wire = key % 8;
      if (wire === 0) { const value = varint(b, at); if (field === 6) return value; }
      else if (wire === 2) { const length = varint(b, at); at.i += length; }
      else if (wire === 1) at.i += 8;
      else if (wire === 5) at.i += 4;
      else return null;
    }
    return null;
  };
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        if (!(event.data instanceof ArrayBuffer)) return;
        const kind = status(event.data);
        if (kind in window.__quitlokFinished) window.__quitlokFinished[kind] += 1;
      });
    }
  };
})();
"""


def text_of(page: Page) -> str:
    try:
        return page.evaluate(MAIN_JS).replace("\u2060", "")
    except PlaywrightError:  # the page is being drawn anew, or navigating
        return ""


def every(pages: dict[str, Page], shows, what: str, timeout: float = FOLLOW / 1000) -> None:
    """Wait until shows(name, text of the page) for every page, all of them looked at in turn."""
    end, waiting = time.monotonic() + timeout, dict(pages)
    while waiting:
        waiting = {name: page for name, page in waiting.items() if not shows(name, text_of(page))}
        if waiting and time.monotonic() > end:
            name, page = next(iter(waiting.items()))
            pytest.fail(f"{what}: {len(waiting)} of {len(pages)} pages did not within {timeout:.0f} s; "
                        f"{name} shows {text_of(page)!r}")
        time.sleep(0.1)


def answer_all(phones: dict[str, Page], code: str, number: int, plan: dict[str, int]) -> None:
    """Every phone picks its planned option of round `number` and presses Send, one after another without waiting
    for a page between them."""
    field = f".st-key-class-answer-{code}-{number}"
    for name, page in phones.items():
        page.locator(f"{field} [data-testid='stRadioOption']").nth(plan[name]).click()
    for name, page in phones.items():
        expect(page.locator(f"{field} input[type='radio']").nth(plan[name])).to_be_checked(timeout=FOLLOW)
        page.locator(".st-key-class-send button").click()


# thirty phones and a projector take the two cores: run by itself, after the other browser tests (tests/run_suite.sh)
@pytest.mark.alone
def test_a_whole_class_session_with_thirty_phones(contexts, app_url, classes, shots):  # noqa: F811
    began = time.monotonic()
    teacher = contexts(viewport={"width": 1280, "height": 900})
    code, key = start_session(teacher, app_url)
    link = f"{app_url}/classroom?class={code}"
    projector = contexts(viewport={"width": 1280, "height": 720})
    open_app(projector, f"{link}&screen=projector")
    expect(projector.get_by_text("Join the class session")).to_be_visible()

    # 29 phones come before the first question: 27 already hold a place, two join through the page
    names = [f"Pupil {i:02d}" for i in range(1, PUPILS)]
    tokens = {name: classes.join(code, name).token for name in names[2:]}
    phones: dict[str, Page] = {}
    for name in names:
        phones[name] = contexts(**PHONE)
        if name in tokens:
            phones[name].add_init_script(f"({SEATS_JS})({json.dumps([code, tokens[name]])})")
        phones[name].goto(link, wait_until="commit")
    for name in names[:2]:
        phones[name].locator(".st-key-class-nickname input").fill(name, timeout=FOLLOW)
        phones[name].get_by_role("button", name="Join", exact=True).click()
    every(phones, lambda name, text: f"you are {name} ·" in text, "every phone in the session", JOIN_TIMEOUT)
    for name in names[:2]:
        tokens[name] = student_key(phones[name], code)
    assert len({*tokens.values(), key}) == PUPILS, "one place a phone, the teacher's key apart"
    expect(teacher.get_by_text(f"{PUPILS - 1} students joined")).to_be_visible(timeout=FOLLOW)

    # question 1: asked on the teacher's device, shown on every phone and the projector, answered on the phones
    first = ask(teacher, classes, code, key)
    every(phones, lambda name, text: f"Question 1: {first.title}" in text, "question 1 on every phone")
    expect(projector.get_by_text(f"Question 1: {first.title}")).to_be_visible(timeout=FOLLOW)
    wrong = (first.answer + 1) % len(first.options)
    plan = {name: first.answer if i % 3 != 1 else wrong for i, name in enumerate(names)}  # the first two held: right
    answer_all(phones, code, 0, plan)
    wait_until_answered(classes, code, len(phones))
    assert {name: classes.view(code, tokens[name]).mine for name in names} == plan, "each as its phone sent"
    expect(teacher.get_by_test_id("stMetric").filter(has_text="Answers so far")).to_contain_text(
        f"{PUPILS - 1} of {PUPILS - 1}", timeout=FOLLOW)
    reveal(teacher, phones, projector, first)
    every(phones, lambda name, text: f"{int(plan[name] == first.answer)} of 1 right so far" in text,
          "each phone's score after question 1")
    projector.screenshot(path=shots / "session-projector-revealed.png")

    # moderation on the teacher's device: hide the first pupil, rename the second; the top five shown
    hidden, renamed, new_name = names[2], names[3], "Renamed Pupil"
    pupil_row(teacher, 0).get_by_text("Hidden").click()
    wait_until(lambda: classes.view(code, key).students[0][2], "the first pupil hidden")
    pupil_row(teacher, 1).get_by_role("button", name="Rename").click()
    teacher.locator(".st-key-class-rename-1 input").fill(new_name)
    teacher.locator(".st-key-class-rename_do-1 button").click()
    wait_until(lambda: classes.view(code, key).students[1][1] == new_name, "the second pupil renamed")
    teacher.keyboard.press("Escape")
    teacher.locator(".st-key-class-board label").click()
    wait_until(lambda: classes.view(code, key).board_shown, "the top five shown")
    assert [(nickname, hide) for _, nickname, hide, _ in classes.view(code, key).students[:2]] == [
        (hidden, True), (new_name, False)]
    expect(phones[renamed].locator(".ql-pupil-line")).to_contain_text(f"you are {new_name} ·", timeout=FOLLOW)
    expect(projector.get_by_text("Top five")).to_be_visible(timeout=FOLLOW)
    board = projector.get_by_test_id("stTable")
    expect(board).to_contain_text(new_name, timeout=FOLLOW)
    expect(board).to_contain_text("(hidden)")
    assert hidden not in board.inner_text() and renamed not in board.inner_text()

    # a late joiner; question 2; his score counts it alone
    late = "Late Pupil"
    phones[late] = contexts(**PHONE)
    open_app(phones[late], link)
    phones[late].locator(".st-key-class-nickname input").fill(late)
    phones[late].get_by_role("button", name="Join", exact=True).click()
    expect(phones[late].locator(".ql-pupil-line")).to_contain_text("0 of 0 right so far", timeout=FOLLOW)
    tokens[late] = student_key(phones[late], code)
    second = ask(teacher, classes, code, key)
    every(phones, lambda name, text: f"Question 2: {second.title}" in text, "question 2 on every phone")
    plan2 = {name: second.answer for name in phones}
    answer_all(phones, code, 1, plan2)
    wait_until_answered(classes, code, PUPILS)
    reveal(teacher, phones, projector, second)
    firsts = {name: int(plan[name] == first.answer) for name in names}
    every(phones, lambda name, text: (f"{firsts[name] + 1} of 2 right so far" if name in firsts
                                      else "1 of 1 right so far") in text, "each phone's score after question 2")
    assert classes.view(code, tokens[late]).score == (1, 1), "the late joiner: only the question since he came"
    phones[late].screenshot(path=shots / "session-late-phone.png", full_page=True)

    # a phone and the projector reloaded: each finds its place again
    phones[renamed].reload()
    expect(phones[renamed].locator(".ql-pupil-line")).to_contain_text(
        f"you are {new_name} · {firsts[renamed] + 1} of 2 right so far", timeout=FOLLOW)
    expect(phones[renamed].get_by_text(f"The exact answer: {second.answer_text}.")).to_be_visible(timeout=FOLLOW)
    projector.reload()
    expect(projector.get_by_text(f"Question 2: {second.title}")).to_be_visible(timeout=FOLLOW)
    expect(projector.get_by_text(f"The exact answer: {second.answer_text}.")).to_be_visible(timeout=FOLLOW)
    wait_for_app(projector)
    projected(projector)
    expect(projector.locator(".stPlotlyChart")).to_have_count(1)

    # the class page's own results, and the report: numbered as on screen
    teacher.get_by_text("Which questions the class found hardest").click()
    hardest = teacher.get_by_test_id("stTable").last
    expect(hardest).to_contain_text("Share right", timeout=FOLLOW)
    assert {"1", "2"} <= set(hardest.inner_text().split()), "the class page numbers them as the screen did"
    teacher.get_by_role("link", name="Report: each pupil and each question", exact=False).click()
    expect(teacher.get_by_role("heading", name="Class report")).to_be_visible(timeout=FOLLOW)
    for number, question in ((1, first), (2, second)):
        expect(teacher.get_by_text(f"Show question {number} again: {question.title}")).to_be_visible(
            timeout=FOLLOW)
    pupils = read_csv(teacher, "Pupils' results (CSV)")
    questions = read_csv(teacher, "Questions (CSV)")
    assert [row["question"] for row in questions] == ["1", "2"]
    assert [row["title"] for row in questions] == [first.title, second.title]
    assert [row["answers"] for row in questions] == [str(PUPILS - 1), str(PUPILS)]
    by_name = {row["pupil"]: row for row in pupils}
    assert set(by_name) == {*names[:3], new_name, *names[4:], late}, "every pupil, under the name the teacher gave"
    assert by_name[late]["asked while there"] == "1" and by_name[late]["question 1"] == ""
    assert by_name[late]["question 2"].endswith("✓")
    assert by_name[names[0]]["asked while there"] == "2"
    for page in (teacher, projector, *phones.values()):
        no_failure(page)
    teacher.screenshot(path=shots / "session-report.png", full_page=True)
    print(f"\na whole class session, {PUPILS} phones: {time.monotonic() - began:.0f} s")


def ask(teacher: Page, store, code: str, key: str):
    """The teacher asks a question of the kind "a hand's worth" (options to press); returns it."""
    asked = store.view(code, key).questions_asked
    if not asked:
        choose_kind(teacher, HAND_VALUE)  # the choice stays for the next question
    teacher.get_by_role("button", name="Next question").click()
    wait_until(lambda: store.view(code, key).questions_asked == asked + 1, "the question to be asked")
    return store.view(code, key).round.question


def wait_until(condition, what: str) -> None:
    end = time.monotonic() + FOLLOW / 1000
    while not condition():
        assert time.monotonic() < end, f"waited {FOLLOW / 1000:.0f} s for {what}"
        time.sleep(0.1)


def wait_until_answered(store, code: str, count: int) -> None:
    wait_until(lambda: store.pulse(code).answered >= count, f"{count} answers")


def reveal(teacher: Page, phones: dict[str, Page], projector: Page, question) -> None:
    """The teacher reveals: the exact answer on every phone and on the projector, with the class's chart."""
    teacher.get_by_role("button", name="Reveal the answer").click()
    exact = f"The exact answer: {question.answer_text}."
    every(phones, lambda name, text: exact in text, "the exact answer on every phone")
    expect(projector.get_by_text(exact)).to_be_visible(timeout=FOLLOW)
    # (the chart's data: test_classroom_browser; thirty phones drawing theirs in one Chromium may keep it waiting)
    expect(projector.locator(".stPlotlyChart")).to_have_count(1, timeout=2 * FOLLOW)


def pupil_row(teacher: Page, student: int):
    """The teacher's class list's row of pupil `student`."""
    return teacher.locator(f".st-key-class-pupil-{student}")


def read_csv(page: Page, label: str) -> list[dict[str, str]]:
    with page.expect_download() as download:
        page.get_by_role("button", name=label).click()
    return list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text())))


def test_a_question_and_its_answer_reach_a_phone_by_a_run_of_the_pupils_part_alone(contexts, app_url, classes):  # noqa: F811
    """The server's push reruns the pupil's part of the page alone (pages/classroom.py pupil_part,
    quitlok.ui.parts), not the whole page: a question asked and revealed reaches the phone with no whole-page run."""
    teacher = classes.create(QUITLOK)
    phone = contexts(**PHONE)
    phone.add_init_script(FINISHED_KINDS_JS)
    join(phone, f"{app_url}/classroom?class={teacher.code}", teacher.code, "Avi")
    expect(phone.get_by_text("Wait for the teacher's first question")).to_be_visible(timeout=FOLLOW)
    wait_for_app(phone)
    phone.wait_for_timeout(1000)
    wait_for_app(phone)
    before = phone.evaluate("() => ({...window.__quitlokFinished})")
    classes.ask(teacher.code, teacher.token, HAND_VALUE)
    question = classes.view(teacher.code, teacher.token).round.question
    expect(phone.get_by_text(f"Question 1: {question.title}")).to_be_visible(timeout=FOLLOW)
    classes.reveal(teacher.code, teacher.token)
    expect(phone.get_by_text(f"The exact answer: {question.answer_text}.")).to_be_visible(timeout=FOLLOW)
    wait_for_app(phone)
    after = phone.evaluate("() => ({...window.__quitlokFinished})")
    assert after["0"] == before["0"], f"no whole-page run: {before} then {after}"
    assert after["3"] >= before["3"] + 2, f"a run of the part for the question and one for the answer: {after}"
    no_failure(phone)
