"""The banker's side and the Lab in headless Chromium: the Advisor's banker mode and a simulation that
settles on the exact edge."""

import re

import pytest

from quitlok import QUITLOK
from quitlok.bank_odds import OpenHand, banker_advice
from quitlok.odds import player_edge
from tests.e2e.conftest import open_app, wait_for_app

pytestmark = pytest.mark.e2e


def test_the_advisor_tells_the_banker_to_stand_or_draw(page, app_url):
    open_app(page, f"{app_url}/advisor")
    page.get_by_text("I hold the bank").click()
    wait_for_app(page)
    for rank in (10, 6):
        page.locator(f".st-key-advisor-add-{rank} button").locator("visible=true").first.click()
        wait_for_app(page)
        page.mouse.move(0, 0)  # the pressed button's tooltip would cover the next one
    cards = page.locator(".st-key-advisor-open-0-cards input")
    cards.fill("?, 5")
    cards.press("Enter")
    wait_for_app(page)
    advice = banker_advice([10, 6], [], QUITLOK, open_hands=[OpenHand(1, (None, 5), 0)])
    heading = {"stand": "Stand", "draw": "Draw a card"}[advice.best]
    assert page.get_by_role("heading", name=heading, exact=True).count() == 1
    assert page.get_by_text(advice.facts).count() == 1
    assert page.locator(".ql-bars").count() == 1, "the chart of what the staying player may hold"
    assert page.locator("[data-testid='stException']").count() == 0


def test_a_simulation_in_the_lab_settles_on_the_exact_edge(page, app_url):
    open_app(page, f"{app_url}/lab")
    exact = float(player_edge(QUITLOK, stands_on=17))
    assert page.get_by_text(f"{100 * exact:+.1f} chips").count() >= 1, "the exact table"
    page.get_by_text("100,000", exact=True).click()
    wait_for_app(page)
    page.get_by_role("button", name=re.compile("Run")).click()
    verdict = page.locator("p").filter(has_text=re.compile(r"^After 100,000 hands the player"))
    verdict.wait_for(timeout=60_000)
    wait_for_app(page)
    words = verdict.inner_text()
    average = float(re.search(r"was ([+-][0-9.]+) chips a hand", words).group(1))
    assert abs(average - exact) < 0.02, "a hundred thousand hands land near the exact edge"
    assert f"exact {exact:+.4f}" in words
    page.get_by_test_id("stPlotlyChart").nth(2).wait_for(timeout=30_000)  # the running average, the banker's
    assert page.get_by_test_id("stPlotlyChart").count() == 3  # profit per hand and how the hands ended
    assert page.locator("[data-testid='stException']").count() == 0
