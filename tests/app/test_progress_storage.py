"""The progress kept in the browser (quitlok.ui.progress over tests/app/fake_browser.py, the keeper's protocol
in Python): two tabs merge rather than one erasing the other; poisoned storage (deep nesting, a 10 MB save,
wrong types everywhere, a review date of 1e12, a later version's save) opens every page with a calm notice,
never a traceback, keeps the save aside, shows the Forget button, which removes it; a save kept aside is
taken up once it can be read."""

import json
import re

import pytest
from streamlit.testing.v1 import AppTest

from quitlok.lessons import LESSONS
from quitlok.progress import DAY, VERSION, Mistake, Progress
from quitlok.ui import browser
from quitlok.ui.progress import STORAGE_NAME
from tests.app import conftest
from tests.app.fake_browser import FakeBrowser
from tests.conftest import ROOT

PAGES = re.findall(r'st\.Page\("(pages/[a-z_]+\.py)"', (ROOT / "tutorial_app.py").read_text())
NOW = 1_800_000_000.0


def mistake(made: float, due: float) -> Mistake:
    return Mistake(made=made, rules="Quitlok", hand=(10, 6), seen=(4, 9), stake=2, room=8,
                   options=(("Stay", 0.25), ("Bet 8", -0.5)), chosen="Bet 8", due=due)


def with_date(due: float) -> str:
    data = json.loads(Progress(mistakes=(mistake(NOW - 2 * DAY, NOW - DAY),)).to_json())
    data["mistakes"].append(json.loads(Progress(mistakes=(mistake(NOW - DAY, 0.0),)).to_json())["mistakes"][0])
    data["mistakes"][1][9] = due
    return json.dumps(data).replace("1000000000000.0", "1e12")


POISONS = {
    "deep": "[" * 50_000,
    "ten-megabytes": '{"format":"quitlok-progress","version":2,"x":"' + "x" * 10_000_000 + '"}',
    "wrong-types": json.dumps({"format": "quitlok-progress", "version": VERSION, "lessons": [1], "quiz": "x",
                               "decisions": "many", "mistakes": {"a": 1}, "cost_by_day": [[]]}),
    "date-1e12": with_date(1e12),
    "later-version": json.dumps({"format": "quitlok-progress", "version": VERSION + 1, "lessons": {}}),
}


@pytest.fixture
def fake(monkeypatch):
    fake = FakeBrowser()
    monkeypatch.setattr(browser, "local_storage", fake.local_storage)
    return fake


def session(page: str | None = None) -> AppTest:
    at = AppTest.from_file(conftest.APP, default_timeout=60)
    if page:
        at.switch_page(page)
    at.run()
    assert not at.exception, at.exception
    return at


def aside(fake: FakeBrowser) -> dict[str, str]:
    return {k: v for k, v in fake.stored.items() if k.startswith(STORAGE_NAME + ".aside.")}


@pytest.mark.parametrize("poison", POISONS)
def test_poisoned_storage_opens_every_page_calmly_keeps_the_save_aside_and_can_be_forgotten(fake, poison):
    fake.stored[STORAGE_NAME] = POISONS[poison]
    at = session()
    notices = [str(t.value) for t in at.toast]
    assert len(notices) == 1 and "kept aside" in notices[0], notices
    for page in PAGES:
        conftest.open_page(at, page)
    assert list(aside(fake).values()) == [POISONS[poison]], "the save is kept aside, whole"
    assert fake.stored.get(STORAGE_NAME, "") != POISONS[poison] or poison == "date-1e12"
    at.switch_page("pages/home.py").run()
    at.session_state["home.tools"] = True
    at.run()
    assert at.button(key="home.forget"), "the Forget button appears"
    at.checkbox(key="home.sure").check().run()
    at.button(key="home.forget").click().run()
    at.run()  # the keeper removes what was forgotten on the next run
    assert not at.exception and aside(fake) == {}
    assert Progress.from_json(fake.stored[STORAGE_NAME]).empty, "only the forget's moment is kept, for other tabs"


def test_review_opened_first_with_a_review_date_of_1e12_shows_the_readable_mistake(fake, monkeypatch):
    from quitlok.ui import progress as learner

    monkeypatch.setattr(learner, "CLOCK", lambda: NOW)
    fake.stored[STORAGE_NAME] = POISONS["date-1e12"]
    at = session("pages/review.py")
    assert "Part of your saved progress could not be read" in str(at.toast[0].value)
    assert [m.made for m in at.session_state["progress"].mistakes] == [NOW - 2 * DAY]
    assert "Position 1 of 1 due" in conftest.texts(at)


def test_deep_nesting_opens_the_lessons_first_calmly(fake):
    fake.stored[STORAGE_NAME] = POISONS["deep"]
    at = session("pages/lessons.py")
    assert "could not be read" in str(at.toast[0].value) and "progress" not in at.session_state


def test_a_later_versions_save_kept_aside_is_taken_up_once_it_can_be_read(fake, monkeypatch):
    from quitlok import progress

    later = Progress().with_lesson(LESSONS[0].slug, done=True).to_json().replace(
        f'"version":{VERSION}', f'"version":{VERSION + 1}')
    fake.stored[STORAGE_NAME] = later
    first = session()
    assert "newer version" in str(first.toast[0].value) and "progress" not in first.session_state
    assert list(aside(fake).values()) == [later]
    monkeypatch.setattr(progress, "VERSION", VERSION + 1)  # the newer version opens the browser again
    again = session()
    assert again.session_state["progress"].lessons[LESSONS[0].slug].done
    again.run()
    assert aside(fake) == {}, "taken up, so no longer kept aside"


def test_the_earlier_tab_answering_a_quiz_question_keeps_the_other_tabs_lessons_and_decisions(fake):
    from tests.app.test_quiz_page import answer

    earlier = session()
    later = session()
    kept = Progress()
    for lesson in LESSONS[:3]:
        kept = kept.with_lesson(lesson.slug, done=True)
    for n in range(7):
        kept = kept.with_decision(mistake(NOW + n, 0.0) if n % 2 else None, NOW + n)
    later.session_state["progress"] = kept
    later.run()
    assert Progress.from_json(fake.stored[STORAGE_NAME]) == kept
    conftest.open_page(earlier, "pages/quiz.py")
    question, _ = answer(earlier)
    earlier.run()
    saved = Progress.from_json(fake.stored[STORAGE_NAME])
    assert {s for s, r in saved.lessons.items() if r.done} == {lesson.slug for lesson in LESSONS[:3]}
    assert saved.decisions == 7 and saved.mistakes == kept.mistakes
    assert saved.quiz_counts == {question.topic: 1}
    assert earlier.session_state["progress"] == saved, "the earlier tab now shows the other's work too"
    later.run()  # and the other tab takes up the answer, counting nothing twice
    assert later.session_state["progress"] == saved and Progress.from_json(fake.stored[STORAGE_NAME]) == saved


def bomb_code(unpacked: int) -> str:
    import base64
    import hashlib
    import zlib

    packed = zlib.compress(b" " * unpacked, 9)
    return "QL1-" + base64.urlsafe_b64encode(hashlib.sha256(packed).digest()[:4] + packed).decode().rstrip("=")


@pytest.mark.parametrize("code, words", [
    ("QL1-" + "A" * 10_000_000, "incomplete or mistyped"),  # the field keeps MAX_CODE characters of it
    (bomb_code(50_000_000), "unpacks to far more"),
    ("QL1-" + "[" * 50_000, "characters a code never has"),
], ids=["ten-megabytes", "bomb", "brackets"])
def test_a_hostile_code_pasted_on_home_is_refused_in_words_and_changes_nothing(fake, code, words):
    kept = Progress().with_lesson(LESSONS[0].slug, done=True)
    at = session()
    at.session_state["progress"] = kept
    at.session_state["home.tools"] = True
    at.run()
    at.session_state["home.code"] = code  # as a forged widget value: past the field's own cap
    at.button(key="home.load").click().run()
    assert not at.exception and words in at.error[0].value
    assert at.session_state["progress"] == kept
