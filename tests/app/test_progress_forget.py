"""Forget wins across tabs (issue 22, item 3), over tests/app/fake_browser.py (the storage keeper's protocol in
Python, one storage shared by two sessions, as by two tabs): "Forget my progress" in one tab leaves the forget's
moment in the browser; the other tab, still holding the old progress, finds it at its next run, drops what it
held, says so once and writes nothing of it back; what either tab does after the forget is kept."""

import pytest

from quitlok.lessons import LESSONS
from quitlok.progress import Progress
from quitlok.ui import browser
from quitlok.ui.progress import STORAGE_NAME
from tests.app import conftest
from tests.app.fake_browser import FakeBrowser
from tests.app.test_progress_storage import session
from tests.app.test_quiz_page import answer

THREE_DONE = Progress().with_lesson(LESSONS[0].slug, done=True).with_lesson(LESSONS[1].slug, done=True) \
    .with_lesson(LESSONS[2].slug, done=True).with_quiz_answer("Blots", True)


@pytest.fixture
def fake(monkeypatch):
    fake = FakeBrowser()
    monkeypatch.setattr(browser, "local_storage", fake.local_storage)
    return fake


def saved(fake: FakeBrowser) -> Progress:
    return Progress.from_json(fake.stored[STORAGE_NAME])


def ready_to_forget(at) -> None:
    """Home, with the tools open and "I am sure" ticked: the next click forgets."""
    conftest.open_page(at, "pages/home.py")
    at.session_state["home.tools"] = True
    at.run()
    at.checkbox(key="home.sure").check().run()


def forget_on_home(at) -> None:
    ready_to_forget(at)
    at.button(key="home.forget").click().run()
    assert not at.exception, at.exception


def test_a_forget_in_one_tab_is_not_undone_by_the_other_and_what_comes_after_is_kept(fake):
    first, other = session(), session()
    first.session_state["progress"] = THREE_DONE
    first.run()
    other.run()  # the other tab takes up the three lessons
    assert other.session_state["progress"] == THREE_DONE and saved(fake) == THREE_DONE
    forget_on_home(first)
    assert saved(fake).empty and saved(fake).forgotten > 0, "the browser keeps only the forget's moment"
    conftest.open_page(other, "pages/quiz.py")  # the other tab's next run, on a page of its own
    assert other.session_state["progress"].empty, "it dropped what it held"
    assert any("forgotten in another tab" in str(t.value) for t in other.toast)
    assert saved(fake).empty, "and wrote none of it back"
    question, _ = answer(other)  # progress after the forget, in the tab that did not forget
    assert saved(fake).quiz_counts == {question.topic: 1} and saved(fake).lessons == {}
    first.run()
    assert first.session_state["progress"].quiz_counts == {question.topic: 1}, "the forgetting tab takes it up"
    assert first.session_state["progress"].lessons == {} and not [t for t in first.toast
                                                                  if "another tab" in str(t.value)]


def test_a_forget_wins_even_when_the_other_tab_saved_just_before_it(fake):
    """The other tab saved a quiz answer that the forgetting tab had not taken up when Forget was clicked: the
    keeper reports that save instead of writing the forget; taken up, the lessons both shared stay forgotten
    and only the other tab's new answer is kept."""
    first, other = session(), session()
    first.session_state["progress"] = THREE_DONE
    first.run()
    ready_to_forget(first)
    conftest.open_page(other, "pages/quiz.py")
    question, _ = answer(other)
    assert saved(fake).quiz_counts[question.topic] == THREE_DONE.quiz_counts.get(question.topic, 0) + 1
    first.button(key="home.forget").click().run()  # one run: Forget, then the keeper finds the other's save
    first.run()
    kept = saved(fake)
    assert kept.lessons == {} and kept.forgotten > 0 and kept.quiz_counts == {question.topic: 1}
    assert first.session_state["progress"] == kept and not first.exception
