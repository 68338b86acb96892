"""Class sessions in the browser: a teacher projects the page, students answer on phones, each in a browser
context of its own, all served by one `streamlit run` (conftest: app_url, with its own database).

The tests open the same database with `quitlok.classroom.store.Classes` to know each question's right answer
and to check what the pages sent. Pages that are not acting follow the session by themselves (a fragment
polls every second), so the tests wait for what they expect to see rather than sleep.

The load check (30 phones answer at the same instant; goal: every answer counted within 5 seconds) runs with
the rest; alone, with its figures printed:
    python -m pytest -q tests/e2e/test_classroom_browser.py -k load -s
"""

import os
import time
import urllib.parse
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from quitlok.classroom import kind_title
from quitlok.classroom.store import Classes
from quitlok.hand import hand_value
from quitlok.odds import bust_chance, percent
from quitlok.rules import QUITLOK
from quitlok.text import FSI, PDI
from tests.e2e.conftest import open_app, wait_for_app

pytestmark = pytest.mark.e2e

#: how long a page may take to follow the session or to finish a run: on a machine with two cores, six pages
#: that each poll the session every second keep the server so busy that a phone can lag by tens of seconds
FOLLOW = 90_000
#: the load check: every answer counted within SPREAD seconds of the moment all phones press Send (the goal);
#: the phones have JOIN_TIMEOUT seconds to open the link and join, all at once ($QUITLOK_LOAD_PHONES changes
#: the number of phones, 30, to find where it breaks)
SPREAD, JOIN_TIMEOUT = 5.0, 240
PHONE = {"viewport": {"width": 390, "height": 800}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
PROJECTOR = {"viewport": {"width": 1400, "height": 1000}}
#: the Plotly charts on a page: each trace's type, x, y and bar text, and the annotations' text
CHARTS_JS = """() => [...document.querySelectorAll('.js-plotly-plot')].map(plot => ({
    traces: (plot.data || []).map(t => ({type: t.type, x: Array.from(t.x ?? []), y: Array.from(t.y ?? []),
                                         text: t.text == null ? null : Array.from(t.text)})),
    annotations: ((plot.layout || {}).annotations || []).map(a => a.text),
}))"""
#: note the id of every interval timer the page starts (Streamlit's follow-up runs on one), to stop them
KEEP_INTERVALS_JS = """window.quitlokIntervals = [];
const setIntervalFirst = window.setInterval;
window.setInterval = (run, ms, ...rest) => {
    const id = setIntervalFirst(run, ms, ...rest);
    window.quitlokIntervals.push(id);
    return id;
};"""
#: press the page's "Send" button at the wall-clock time `at` (ms since the epoch), on every page alike
SEND_AT_JS = """at => {
    window.quitlokSent = null;
    setTimeout(() => {
        const button = document.querySelector('.st-key-class-send button');
        if (button) button.click();
        window.quitlokSent = Boolean(button);
    }, Math.max(0, at - Date.now()));
}"""


# --- the store, people, and waiting ------------------------------------------------------------------------


@pytest.fixture
def classes(rooms_database):
    """The store the session's server (app_url) keeps its class sessions in."""
    store = Classes(rooms_database)
    yield store
    store.close()


@pytest.fixture
def contexts(browser):
    """New browser contexts (own session, own cookies): `open(**options)` gives a page in a new one."""
    opened = []

    def open_page(**options) -> Page:
        opened.append(browser.new_context(**options))
        return opened[-1].new_page()

    yield open_page
    for context in opened:
        context.close()


@pytest.fixture
def shots(tmp_path) -> Path:
    """Where screenshots go: $QUITLOK_SCREENSHOTS if set (to look at them), else the test's own folder."""
    folder = Path(os.environ.get("QUITLOK_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def wait_until(condition, what: str, timeout: float = FOLLOW / 1000, every: float = 0.1) -> None:
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            pytest.fail(f"waited {timeout:.0f} s for {what}")
        time.sleep(every)


def student_key(page: Page, code: str) -> str | None:
    """A student's key, which this browser keeps in its local storage (quitlok.ui.seat_keys), never the address."""
    assert query_value(page, "key") is None, f"no key in the address: {page.url}"
    keys = page.evaluate("() => JSON.parse(localStorage.getItem('quitlok.seats') || '{}')")
    return next(iter(keys.get(f"class:{code}", [])), None)


def query_value(page: Page, key: str) -> str | None:
    values = urllib.parse.parse_qs(urllib.parse.urlsplit(page.url).query).get(key, [])
    assert len(values) <= 1, page.url
    return values[0] if values else None


def main_text(page: Page) -> str:
    return page.get_by_test_id("stMain").inner_text().replace("\u2060", "")


def no_failure(page: Page) -> None:
    assert page.locator("[data-testid='stException']").count() == 0, main_text(page)
    assert page.locator("[data-testid='stAlertContentError']").count() == 0, main_text(page)


def metric(page: Page, label: str):
    """The value of the st.metric labelled `label`, as a locator."""
    return page.get_by_test_id("stMetric").filter(has_text=label).get_by_test_id("stMetricValue")


def charts(page: Page) -> list[dict]:
    """The Plotly charts drawn on `page`, once it has finished its run."""
    page.locator(".js-plotly-plot").first.wait_for(timeout=FOLLOW)
    wait_for_app(page)
    for _ in range(50):
        try:
            drawn = page.evaluate(CHARTS_JS)
        except PlaywrightError:  # the page is being drawn anew
            drawn = []
        if drawn and all(chart["traces"] for chart in drawn):
            return drawn
        page.wait_for_timeout(200)
    pytest.fail(f"no chart with data on {page.url}")


# --- the teacher and the students ---------------------------------------------------------------------------


def start_session(page: Page, url: str) -> tuple[str, str]:
    """The teacher starts a session; returns its code and the teacher's key. The key is never in the address
    (a projector shows it to the room): the teacher's browser keeps it in a cookie, and a reload finds it."""
    open_app(page, f"{url}/classroom")
    page.get_by_role("button", name="Start a session").click()
    wait_for_app(page)
    code = page.locator(".ql-room-code b")
    code.wait_for(timeout=FOLLOW)
    code = code.inner_text().strip()
    assert query_value(page, "class") == code and query_value(page, "key") is None, page.url
    for _ in range(50):
        kept = {c["name"]: c["value"] for c in page.context.cookies()}
        if f"quitlok_class_{code}" in kept:
            break
        page.wait_for_timeout(100)
    key = kept.get(f"quitlok_class_{code}")
    assert key, f"the teacher's browser keeps the key in a cookie: {kept}"
    page.reload()
    wait_for_app(page)
    expect(page.get_by_role("button", name="Next question")).to_be_visible(timeout=FOLLOW)
    assert query_value(page, "key") is None, "after a reload the teacher is still the teacher, key unseen"
    return code, key


def join(page: Page, link: str, code: str, nickname: str) -> str:
    """A student opens the class's link and joins with `nickname`; returns the student's key."""
    open_app(page, link)
    expect(page.get_by_text(f"Class session {code}")).to_be_visible()
    page.locator(".st-key-class-nickname input").fill(nickname)
    page.get_by_role("button", name="Join").click()
    wait_for_app(page)
    expect(page.get_by_text(f"you are {nickname} ·")).to_be_visible(timeout=FOLLOW)
    assert page.locator(".ql-pupil-line bdi").inner_text() == nickname, "the nickname isolated in a <bdi>"
    wait_until(lambda: student_key(page, code), "the browser to keep the student's key")  # written by the next run
    token = student_key(page, code)
    assert token and query_value(page, "class") == code
    return token


def choose_kind(page: Page, kind: str) -> None:
    """The teacher picks the next question's kind in the selectbox (key class.kind)."""
    box = page.locator(".st-key-class-kind [role='combobox']")
    box.click()
    page.get_by_role("option", name=kind_title(kind, QUITLOK), exact=True).click()
    wait_for_app(page)
    expect(box).to_have_value(kind_title(kind, QUITLOK))


def wait_for_question(page: Page, code: str, number: int) -> str:
    """Wait until a phone shows question `number` (from 0) open for answers; returns its widget's CSS class."""
    field = f".st-key-class-answer-{code}-{number}"
    page.locator(field).wait_for(timeout=FOLLOW)
    wait_for_app(page)
    return field


def set_slider(page: Page, field: str, value: int) -> None:
    """Move the slider in `field` to `value` with the keyboard, as a phone's user could."""
    thumb = page.locator(f"{field} input[type='range']")
    now = int(thumb.input_value())
    thumb.focus()
    key = "ArrowRight" if value > now else "ArrowLeft"
    for _ in range(abs(value - now)):
        thumb.press(key)
    if value == now:  # a slider must be moved to count: away and back
        thumb.press("ArrowLeft" if value > 0 else "ArrowRight")
        thumb.press("ArrowRight" if value > 0 else "ArrowLeft")
    wait_for_app(page)
    expect(thumb).to_have_value(str(value))
    expect(page.locator(f"{field} [data-testid='stSliderThumbValue']")).to_have_text(str(value))


def pick_option(page: Page, field: str, option: int) -> None:
    page.locator(f"{field} [data-testid='stRadioOption']").nth(option).click()
    wait_for_app(page)
    expect(page.locator(f"{field} input[type='radio']").nth(option)).to_be_checked()


# --- the tests ---------------------------------------------------------------------------------------------


NAMES = ["Avi", "Bella", "Chaim", "Dina", "Ezra"]
#: each question's kind: a chance on a slider, counting a hand, and the best play (a choice in chips)
KINDS = ["bust_chance", "hand_value", "best_play"]


def planned(question, number: int, student: int) -> tuple[float, bool]:
    """What `student` answers to question `number`: right for three students of five, in turn, else wrong."""
    right = (student + number) % 5 < 3
    if question.is_slider:
        exact = float(question.answer_percent)
        if right:
            return round(exact), True
        return (round(exact) + 20 if exact < 50 else round(exact) - 20), False
    if right:
        return question.answer, True
    wrong = [i for i in range(len(question.options)) if i != question.answer]
    return wrong[(student + number) % len(wrong)], False


def check_exact_answer(question) -> str:
    """The exact answer worked out here, without the question's own generator, as the page should state it."""
    rules = question.rules
    if question.kind == "bust_chance":
        pos = question.position
        chance = bust_chance(pos.hand, pos.seen, rules, exact=True)
        assert chance == question.answer, "the question's chance is the odds engine's"
        unseen = rules.pack_size - len(pos.hand) - len(pos.seen)
        pool = Counter(rules.pack) - Counter(pos.hand) - Counter(pos.seen)
        busting = sum(n for card, n in pool.items() if hand_value(pos.hand + (card,), rules) > 21)
        assert Fraction(busting, unseen) == chance
        return f"{busting} in {unseen} ({percent(chance)})"
    if question.kind == "hand_value":
        value = hand_value(question.position.hand, rules)
        return f"{value}: bust" if value > 21 else str(value)
    best = max(range(len(question.options)),
               key=lambda i: question.values[i] if question.values[i] is not None else -10**9)
    assert best == question.answer, "the right play is the one worth most chips"
    return question.options[best]


def test_a_teacher_and_five_phones_play_three_questions(contexts, app_url, classes, shots):
    """The teacher starts a session, five students join on phones by the link, and three questions are asked,
    answered (some right, some wrong) and revealed: the teacher's count follows the answers, the chart and the
    exact answer agree with what was sent and with the odds, and each phone shows its own verdict and score.
    Nobody touches the top five or the hide boxes, so at the end nobody is hidden, the top five are not shown,
    and the session has changed only with each question and reveal (its version counts them)."""
    teacher = contexts(**PROJECTOR)
    code, key = start_session(teacher, app_url)
    link = teacher.locator("a[href*='/classroom?class=']:not([href*='screen='])").first.get_attribute("href")
    assert link.endswith(f"/classroom?class={code}"), "the link holds the code alone"
    screen = teacher.locator("a[href*='screen=projector']").first.get_attribute("href")
    assert screen.endswith(f"/classroom?class={code}&screen=projector"), "the projector's address holds no key"
    phones = {name: contexts(**PHONE) for name in NAMES}
    tokens = {name: join(page, f"{app_url}/classroom?class={code}", code, name) for name, page in phones.items()}
    assert len(set(tokens.values()) | {key}) == 6
    expect(teacher.get_by_text("5 students joined")).to_be_visible(timeout=FOLLOW)
    for page in phones.values():
        expect(page.get_by_text("Wait for the teacher's first question")).to_be_visible()
    right_so_far = dict.fromkeys(NAMES, 0)
    for number, kind in enumerate(KINDS):
        one_question(teacher, phones, tokens, classes, code, key, number, kind, right_so_far, shots)

    final = classes.view(code, key)
    assert final.version == 1 + 2 * len(KINDS), "only the questions and reveals changed the session"
    assert not final.board_shown and not any(hidden for _, _, hidden, _ in final.students)
    per_student = {nickname: right for _, nickname, _, right in final.students}
    assert per_student == right_so_far, "the teacher's class list counts each one's right answers"
    assert sum(per_student.values()) == round(sum(share * answers for _, _, share, answers in final.results))
    assert [answers for _, _, _, answers in final.results] == [5, 5, 5]
    assert sum(right_so_far.values()) == 9, "three right answers of five to each question"
    teacher.get_by_text("Which questions the class found hardest").click()
    wait_for_app(teacher)
    with teacher.expect_download() as download:  # the page's own button (the table's toolbar has one too)
        teacher.locator(".st-key-class-csv button").click()
    assert Path(download.value.path()).read_text() == classes.results_csv(code, key)
    assert download.value.suggested_filename == f"quitlok-class-{code}.csv"
    teacher.screenshot(path=shots / "teacher-end.png", full_page=True)
    print(f"\nscreenshots in {shots}")


def one_question(teacher, phones, tokens, classes, code, key, number, kind, right_so_far, shots):
    """The teacher asks a question of `kind`, each phone answers as planned(), the teacher reveals; every
    screen is checked against the store and against the exact answer worked out here."""
    choose_kind(teacher, kind)
    teacher.get_by_role("button", name="Next question").click()
    wait_until(lambda: classes.view(code, key).round_number == number, f"question {number + 1} to open")
    question = classes.view(code, key).round.question
    assert question.kind == kind, f"the teacher chose {kind}"
    expect(teacher.get_by_text(f"Question {number + 1}: {question.title}")).to_be_visible(timeout=FOLLOW)
    expect(metric(teacher, "Answers so far")).to_have_text("0 of 5")
    expect(teacher.get_by_role("button", name="Next question")).to_be_disabled()
    exact_text = check_exact_answer(question)
    assert question.answer_text == exact_text

    sent = {}
    for count, (student, (name, page)) in enumerate(enumerate(phones.items()), start=1):
        field = wait_for_question(page, code, number)
        assert "The exact answer" not in main_text(page), "nothing of the answer before the reveal"
        response, right = planned(question, number, student)
        assert question.score(response) == right, "the plan is right or wrong as intended"
        if question.is_slider:
            set_slider(page, field, int(response))
        else:
            pick_option(page, field, int(response))
        page.get_by_role("button", name="Send my answer").click()
        wait_until(lambda t=tokens[name]: classes.view(code, t).mine is not None, f"{name}'s answer")
        assert classes.view(code, tokens[name]).mine == response
        sent[name] = response
        expect(page.get_by_text("Your answer is in.", exact=False)).to_be_visible(timeout=FOLLOW)
        expect(metric(teacher, "Answers so far")).to_have_text(f"{count} of 5", timeout=FOLLOW)
    assert teacher.locator(".js-plotly-plot").count() == 0, "no chart before the reveal"
    if number == 0:
        teacher.screenshot(path=shots / "teacher-open.png", full_page=True)
        phones[NAMES[0]].screenshot(path=shots / "phone-sent.png", full_page=True)

    teacher.get_by_role("button", name="Reveal the answer").click()
    wait_until(lambda: classes.view(code, key).phase == "revealed", f"question {number + 1} to be revealed")
    revealed = classes.view(code, key)
    assert sorted(revealed.responses) == sorted(sent.values()), "the store tallies what was sent"
    expect(teacher.get_by_text(f"The exact answer: {exact_text}.")).to_be_visible(timeout=FOLLOW)
    expect(teacher.get_by_text(question.why)).to_be_visible()
    (chart,) = charts(teacher)
    (trace,) = chart["traces"]
    if question.is_slider:
        assert trace["type"] == "histogram"
        assert sorted(trace["x"]) == sorted(sent.values()), "the chart holds every guess"
        assert f"exact: {float(question.answer_percent):.1f}%" in chart["annotations"]
    else:
        assert trace["type"] == "bar"
        tally = Counter(int(r) for r in sent.values())
        assert trace["x"] == [tally[i] for i in range(len(question.options))], "each option's count"
        # each option's words isolated, as the app shows words in a chart (quitlok.ui.names.attribute)
        assert trace["y"] == [f"{chr(65 + i)}. {FSI}{o}{PDI}" for i, o in enumerate(question.options)]
        assert trace["text"] == [str(n) for n in trace["x"]], "each bar is labelled with its count"
    no_failure(teacher)

    for name, page in phones.items():
        right = question.score(sent[name])
        right_so_far[name] += right
        expect(page.get_by_text(f"The exact answer: {exact_text}.")).to_be_visible(timeout=FOLLOW)
        expect(page.get_by_text(f"{right_so_far[name]} of {number + 1} right so far")).to_be_visible(
            timeout=FOLLOW)
        wait_for_app(page)
        text = main_text(page)
        assert ("Not quite." in text) == (not right) and ("Right!" in text) == right, (name, sent[name], text)
        assert classes.view(code, tokens[name]).score == (right_so_far[name], number + 1)
        (mine,) = charts(page)
        assert mine["traces"][0]["x"] == trace["x"], "the phone's chart is the class's"
        no_failure(page)
    if number == 0:
        teacher.screenshot(path=shots / "teacher-revealed.png", full_page=True)
        for name in (NAMES[0], NAMES[3]):
            phones[name].screenshot(path=shots / f"phone-revealed-{name}.png", full_page=True)


@pytest.mark.alone
def test_load_thirty_phones_answer_at_the_same_moment(contexts, app_url, classes, shots):
    """Thirty phones (one browser, thirty contexts) join by the link and one question opens; all thirty press
    Send at the same instant (a timer set to one wall-clock time on each page). Every answer is counted as it
    was sent, within SPREAD seconds of the press, no page fails, every phone confirms, and the revealed tally
    is right. Printed: how long each step took (the README quotes it)."""
    count = int(os.environ.get("QUITLOK_LOAD_PHONES", "30"))
    teacher = classes.create(QUITLOK)
    code = teacher.code
    names = [f"Phone {i + 1:02d}" for i in range(count)]
    phones = [contexts(**PHONE) for _ in names]
    steps = {}

    def every_phone(what: str, done, timeout: float) -> None:
        """Wait until done(i) for every phone (each checked until it is), at most `timeout` seconds."""
        began, got = time.monotonic(), set()
        while len(got) < count:
            got |= {i for i in range(count) if i not in got and done(i)}
            if len(got) < count and time.monotonic() - began > timeout:
                late = sorted(set(range(count)) - got)
                for i in late:
                    phones[i].screenshot(path=shots / f"late-{i}.png", full_page=True)
                pytest.fail(f"{what}: {len(got)} of {count} phones within {timeout:g} s (before: {steps}); "
                            f"those that were not, as they were: late-*.png in {shots}; the first: "
                            f"{main_text(phones[late[0]])!r}")
            time.sleep(0.1)
        steps[what] = time.monotonic() - began

    def shows(page: Page, selector: str) -> bool:
        try:
            return page.locator(selector).first.is_visible()
        except PlaywrightError:  # the page is being drawn anew
            return False

    for page in phones:  # every phone opens the link at once; each joins as soon as its page is drawn
        page.goto(f"{app_url}/classroom?class={code}", wait_until="commit")
    pressed = set()

    def joined(i: int) -> bool:
        if i not in pressed and shows(phones[i], ".st-key-class-nickname input"):
            phones[i].locator(".st-key-class-nickname input").fill(names[i])
            phones[i].get_by_role("button", name="Join").click()
            pressed.add(i)
        return i in pressed and shows(phones[i], f"text=you are {names[i]}")

    every_phone("opened the link and joined", joined, JOIN_TIMEOUT)
    assert sorted(nickname for _, nickname, _, _ in classes.view(code, teacher.token).students) == names

    classes.ask(code, teacher.token, "hand_value")
    question = classes.view(code, teacher.token).round.question
    plan = [question.answer if i % 3 else (question.answer + 1 + i) % len(question.options) for i in range(count)]
    options = f".st-key-class-answer-{code}-0 [data-testid='stRadioOption']"
    every_phone("saw the question", lambda i: shows(phones[i], options), FOLLOW / 1000)
    # each phone's key is in its browser's storage (a reload finds the student again)
    tokens = [student_key(page, code) for page in phones]
    assert None not in tokens and len(set(tokens)) == count
    for i, page in enumerate(phones):
        page.locator(options).nth(plan[i]).click()
    every_phone("picked an answer", lambda i: phones[i].locator(
        f".st-key-class-answer-{code}-0 input[type='radio']").nth(plan[i]).is_checked(), FOLLOW / 1000)
    assert classes.pulse(code).answered == 0

    press = time.time() + 3.0  # a timer on every page, all on this machine's clock
    for page in phones:
        page.evaluate(SEND_AT_JS, press * 1000)
    assert time.time() < press, "every page's timer was set before the moment came"
    counted = []  # when each answer was seen in the database, in seconds after the press
    while (seen := classes.pulse(code).answered) < count and time.time() < press + 30:
        counted.extend([time.time() - press] * (seen - len(counted)))
        time.sleep(0.02)
    counted.extend([time.time() - press] * (seen - len(counted)))
    assert [page.evaluate("() => window.quitlokSent") for page in phones] == [True] * count, \
        "every page pressed its Send button"
    assert seen == count, f"only {seen} of {count} answers were counted within 30 s of the press"
    for token, option in zip(tokens, plan, strict=True):
        assert classes.view(code, token).mine == option, "each phone's answer is counted as it sent it"
    every_phone("confirmed 'Your answer is in.'", lambda i: shows(phones[i], "text=Your answer is in."),
                FOLLOW / 1000)
    for page in phones:
        no_failure(page)

    classes.reveal(code, teacher.token)
    tally = classes.view(code, teacher.token)
    assert sorted(tally.responses) == sorted(plan) and tally.answered == count
    rights = sum(1 for option in plan if option == question.answer)
    assert tally.results[0][3] == count and tally.results[0][2] == pytest.approx(rights / count)
    every_phone("saw the reveal", lambda i: shows(phones[i], "text=The exact answer"), FOLLOW / 1000)
    phones[-1].screenshot(path=shots / "load-phone-last.png", full_page=True)
    print(f"\nload, {count} phones on one server: " + "; ".join(f"{k} in {v:.1f} s" for k, v in steps.items())
          + f". All pressed Send at one instant: the first answer was counted {counted[0]:.2f} s after, "
          f"the last {counted[-1]:.2f} s after.")
    assert counted[-1] <= SPREAD, f"the last of {count} answers was counted {counted[-1]:.1f} s after the press"


def test_a_phone_whose_timers_stopped_still_follows_the_class(contexts, app_url, classes):
    """The watchdog (quitlok/ui/internals.py): a phone whose once-a-second follow-up has stopped (here the
    page's interval timers, Streamlit's follow-up among them, are cleared, as a lost page run left them under
    load) still sees the next question, within the watchdog's few seconds."""
    teacher = classes.create(QUITLOK)
    phone = contexts(**PHONE)
    phone.add_init_script(KEEP_INTERVALS_JS)
    join(phone, f"{app_url}/classroom?class={teacher.code}", teacher.code, "Avi")
    expect(phone.get_by_text("Wait for the teacher's first question")).to_be_visible()
    phone.evaluate("() => { for (const id of window.quitlokIntervals) clearInterval(id); }")
    phone.wait_for_timeout(1500)
    beat = phone.evaluate("() => window.quitlokWatch.beat")
    phone.wait_for_timeout(2500)
    assert phone.evaluate("() => window.quitlokWatch.beat") == beat, "the page's follow-up has stopped"
    classes.ask(teacher.code, teacher.token, "hand_value")
    expect(phone.locator(f".st-key-class-answer-{teacher.code}-0")).to_be_visible(timeout=30_000)
    no_failure(phone)
