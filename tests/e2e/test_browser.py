"""The real app in headless Chromium: every page renders, and a learner plays a hand."""

import re

import pytest

from tests.app.test_pages import LISTED
from tests.e2e.conftest import click, has_button, open_app, wait_for_app

pytestmark = pytest.mark.e2e

PATHS = ["" if name == "home" else name for name in (re.sub(r"pages/|\.py", "", p) for p in LISTED)]


@pytest.mark.parametrize("path", PATHS)
def test_every_page_renders_without_an_error(page, app_url, path):
    open_app(page, f"{app_url}/{path}")
    assert page.locator("[data-testid='stException']").count() == 0
    assert page.get_by_text("House rules").count() > 0, "the shared sidebar is there"
    assert page.locator("h1").count() == 1


def test_a_learner_plays_a_hand_and_sees_its_result(page, app_url):
    open_app(page, f"{app_url}/play")
    page.get_by_role("button", name="Start a new game").click()
    page.wait_for_selector("text=What happened", timeout=30_000)
    assert page.locator("img[alt*='only you see it']").count() >= 1, "the learner sees their own card"
    log = page.locator(".st-key-play-log")
    bet = False
    for _ in range(200):
        text = log.inner_text()
        if "Hand 2 of" in text or "bank passes" in text or "Game over" in text:
            break
        bet_button = page.get_by_role("button", name=re.compile(r"^Bet \d+$"))
        if not bet and bet_button.count():
            bet_button.click()
            wait_for_app(page)
            bet = True
            continue
        for name in ("Next move", "Stay", "Stand", "Keep the bank", "Keep the 11", "Draw a card"):
            if has_button(page, name):
                click(page, name)
                break
    text = log.inner_text()
    assert "Hand 2 of" in text or "bank passes" in text or "Game over" in text
    assert re.search(r"(wins?|loses?|bust|21|nothing to settle|retires)", text)
    assert page.locator("[data-testid='stException']").count() == 0


def test_the_advisor_explains_six_and_five(page, app_url):
    open_app(page, f"{app_url}/advisor")
    click(page, "6 · 2 left")
    click(page, "5 · 2 left")
    page.wait_for_selector(".js-plotly-plot", timeout=30_000)
    assert page.get_by_role("heading", name="Call aluvun, then take a blot").count() == 1
    body = page.locator("[data-testid='stMain']").inner_text()
    assert "2 of the 22 unseen cards would bust you" in body
    assert "from 9.1% to 0.43%" in body
    assert page.locator(".js-plotly-plot").count() == 2
    assert page.locator("[data-testid='stException']").count() == 0


def test_the_hint_button_at_the_table(page, app_url):
    open_app(page, f"{app_url}/play")
    page.get_by_role("button", name="Start a new game").click()
    page.wait_for_selector("text=What happened", timeout=30_000)
    for _ in range(100):
        if has_button(page, "Hint: what does the advisor say?"):
            break
        for name in ("Skip to my turn", "Stand", "Keep the bank", "Next move"):
            if has_button(page, name):
                click(page, name)
                break
    click(page, "Hint: what does the advisor say?")
    assert page.locator(".st-key-play-hint-panel").inner_text().startswith("Best now:")


def test_a_class_opening_the_app_at_once(browser, fresh_app_url):
    """Eight learners open the advisor at the same moment on a fresh server: no import race, no error."""
    contexts = [browser.new_context(viewport={"width": 1200, "height": 900}) for _ in range(8)]
    pages = [context.new_page() for context in contexts]
    for page in pages:
        page.goto(f"{fresh_app_url}/advisor?hand=6,5", wait_until="commit")
    try:
        for page in pages:
            page.wait_for_selector(".js-plotly-plot", timeout=60_000)
            assert page.locator("[data-testid='stException']").count() == 0
            assert "from 9.1% to 0.43%" in page.locator("[data-testid='stMain']").inner_text()
            assert page.get_by_text("House rules").count() > 0, "a deep link on a fresh server runs through the app"
    finally:
        for context in contexts:
            context.close()


def test_a_learner_completes_the_first_lesson(page, app_url):
    open_app(page, f"{app_url}/lessons")
    assert page.get_by_role("heading", name="1. The pack and its framed cards").count() == 1
    assert page.locator("img[alt='framed 2, face down, only you see it']").count() == 1
    click(page, "Bet 1")
    body = page.locator("[data-testid='stMain']")
    assert "Two framed cards make 21" in body.inner_text()
    page.get_by_text("The 2s and the 11s").click()
    wait_for_app(page)
    click(page, "Check my answer")
    text = body.inner_text()
    assert "Four framed cards in all" in text and "Step done!" in text
    assert "Step 1 of 12 · 1 done" in text
    assert page.locator("[data-testid='stException']").count() == 0
