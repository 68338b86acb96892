"""Progress that lasts, in the real browser: the lessons a learner has done are kept in the browser's local
storage, through a reload, a closed browser (a new context given the same storage) and a server restart;
a save this version cannot read is kept aside with a notice, never a traceback; two tabs merge their
progress. Nothing is kept on the server."""

import json
import time

from playwright.sync_api import expect

from quitlok.progress import DAY, Mistake, Progress
from quitlok.ui.progress import STORAGE_NAME
from tests.e2e.conftest import open_app, wait_for_app
from tests.e2e.test_browser import complete_first_lesson

DONE_ONE = "Step 1 of 12 · 1 done"


def main_text(page) -> str:
    return page.get_by_test_id("stMain").inner_text()


def saved(page) -> dict | None:
    text = page.evaluate("name => window.localStorage.getItem(name)", STORAGE_NAME)
    return json.loads(text) if text else None


def shows_done(page, app_url) -> bool:
    open_app(page, f"{app_url}/lessons")
    for _ in range(50):  # the saved progress arrives just after the first drawing, and the page is drawn again
        if DONE_ONE in main_text(page):
            return True
        page.wait_for_timeout(200)
    return False


def test_a_lesson_done_is_still_done_after_a_reload_and_in_a_new_browser(browser, app_url, tmp_path):
    context = browser.new_context(viewport={"width": 1400, "height": 1800})
    page = context.new_page()
    assert DONE_ONE in complete_first_lesson(page, app_url)
    for _ in range(50):
        if (kept := saved(page)) and kept["lessons"].get("01_pack", [False])[0]:
            break
        page.wait_for_timeout(100)
    assert kept["format"] == "quitlok-progress" and kept["lessons"]["01_pack"][0] is True
    page.reload()
    wait_for_app(page)
    assert shows_done(page, app_url), main_text(page)
    state = tmp_path / "storage.json"
    context.storage_state(path=state)
    context.close()  # the browser closed

    again = browser.new_context(viewport={"width": 1400, "height": 1800}, storage_state=state)
    try:
        page = again.new_page()
        assert shows_done(page, app_url), main_text(page)
        assert page.locator("[data-testid='stException']").count() == 0
    finally:
        again.close()


def test_a_later_versions_save_is_kept_aside_with_a_notice_and_this_visit_starts_afresh(browser, app_url):
    later = '{"format": "quitlok-progress", "version": 99}'
    context = browser.new_context(viewport={"width": 1400, "height": 1800})
    try:
        page = context.new_page()
        open_app(page, app_url)
        page.evaluate("([name, text]) => window.localStorage.setItem(name, text)", [STORAGE_NAME, later])
        open_app(page, f"{app_url}/lessons")
        toast = page.get_by_test_id("stToast")
        toast.first.wait_for(timeout=30_000)
        assert "newer version" in toast.first.inner_text() and "kept aside" in toast.first.inner_text()
        assert "Step 1 of 12 · 0 done" in main_text(page)
        assert page.locator("[data-testid='stException']").count() == 0
        kept = []
        for _ in range(100):  # the copy is written by the storage keeper's next drawing, which may follow the toast
            kept = page.evaluate("name => Object.keys(localStorage).filter(k => k.startsWith(name + '.aside.'))"
                                 ".map(k => localStorage.getItem(k))", STORAGE_NAME)
            if kept:
                break
            page.wait_for_timeout(100)
        assert kept == [later], "kept aside, whole"
    finally:
        context.close()


def test_two_tabs_merge_the_earlier_tabs_quiz_answer_keeps_the_other_tabs_lesson(browser, app_url):
    context = browser.new_context(viewport={"width": 1400, "height": 1800})
    try:
        earlier = context.new_page()
        open_app(earlier, f"{app_url}/quiz")  # opened first, with nothing saved
        later = context.new_page()
        assert DONE_ONE in complete_first_lesson(later, app_url)
        for _ in range(50):
            if (kept := saved(later)) and kept["lessons"].get("01_pack", [False])[0]:
                break
            later.wait_for_timeout(100)
        earlier.bring_to_front()
        earlier.locator(".st-key-quiz-choice [data-testid='stRadioOption']").first.click()
        wait_for_app(earlier)
        earlier.get_by_role("button", name="Check", exact=True).click()
        wait_for_app(earlier)
        for _ in range(100):
            kept = saved(earlier)
            if kept and kept.get("quiz") and kept["lessons"].get("01_pack", [False])[0]:
                break
            earlier.wait_for_timeout(100)
        assert kept["lessons"]["01_pack"][0] is True, "the other tab's lesson is still saved"
        assert sum(count for count, _ in kept["quiz"].values()) == 1, "and the earlier tab's answer with it"
        assert earlier.locator("[data-testid='stException']").count() == 0
    finally:
        context.close()


def test_the_review_page_opened_first_finds_the_mistakes_kept_in_the_browser(browser, app_url):
    """A page opened straight from a link (here /review, which stops early when nothing is kept) still
    takes up the saved progress: the positions due come back."""
    kept = Progress().with_decision(Mistake(made=time.time() - 2 * DAY, rules="Quitlok", hand=(10, 6), seen=(4,),
                                            stake=2, room=8, options=(("Stay", 0.2), ("Bet 8", -0.9)),
                                            chosen="Bet 8"), time.time() - 2 * DAY)
    context = browser.new_context(viewport={"width": 1400, "height": 1800})
    try:
        page = context.new_page()
        open_app(page, app_url)
        page.evaluate("([name, text]) => window.localStorage.setItem(name, text)", [STORAGE_NAME, kept.to_json()])
        open_app(page, f"{app_url}/review")
        expect(page.get_by_text("Position 1 of 1 due")).to_be_visible(timeout=30_000)
        assert "it cost you 1.10 chips" in main_text(page)
    finally:
        context.close()


def test_forget_in_one_tab_is_not_undone_by_another_open_tab(browser, app_url):
    """Issue 22: "Forget my progress" in one tab wins over another tab of the browser that still holds the
    progress: that tab's next run drops it (and says so) rather than write it back; its quiz answer, made after
    the forget, is kept."""
    context = browser.new_context(viewport={"width": 1400, "height": 1800})
    try:
        first = context.new_page()
        assert DONE_ONE in complete_first_lesson(first, app_url)
        for _ in range(50):
            if (kept := saved(first)) and kept["lessons"].get("01_pack", [False])[0]:
                break
            first.wait_for_timeout(100)
        other = context.new_page()
        open_app(other, f"{app_url}/quiz")  # takes up the lesson done in the first tab
        first.bring_to_front()
        open_app(first, app_url)
        first.get_by_text("Your progress on this device: copy, load or forget").click()
        wait_for_app(first)
        first.get_by_text("This removes everything kept in this browser").click()
        wait_for_app(first)
        first.get_by_role("button", name="Forget my progress").click()
        wait_for_app(first)
        expect(first.get_by_text("Your progress is forgotten")).to_be_visible(timeout=30_000)
        for _ in range(50):
            if (kept := saved(first)) and not kept["lessons"] and kept.get("forgotten"):
                break
            first.wait_for_timeout(100)
        assert kept["lessons"] == {} and kept["forgotten"] > 0, kept
        other.bring_to_front()
        other.locator(".st-key-quiz-choice [data-testid='stRadioOption']").first.click()
        wait_for_app(other)
        other.get_by_role("button", name="Check", exact=True).click()
        wait_for_app(other)
        expect(other.get_by_test_id("stToast").filter(has_text="forgotten in another tab")).to_have_count(
            1, timeout=30_000)
        for _ in range(100):
            kept = saved(other)
            if kept and kept.get("quiz"):
                break
            other.wait_for_timeout(100)
        assert kept["lessons"] == {}, "the forgotten lesson was not written back"
        assert sum(count for count, _ in kept["quiz"].values()) == 1, "the answer made after the forget is kept"
        assert kept["forgotten"] > 0
        for page in (first, other):
            assert page.locator("[data-testid='stException']").count() == 0
    finally:
        context.close()
