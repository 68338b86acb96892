"""Pictures of every page in Hebrew and Czech, for a reader of each language to look at (issue 26 item 6).

Every page (and the Advisor with an answer) at three sizes: the desktop (1300x900), a projector (1920x1080, the
sidebar's projector mode on) and a phone (390x844, with touch). Each picture is the page's whole length (up to
LONGEST px) and goes to test-artifacts/screenshots/<lang>/<page>-<size>.png (or under the folder in
QUITLOK_SCREENSHOTS), which git ignores. Each page is also checked on the way: drawn without an error, in its
language and direction (<html lang dir>), and nothing wider than the screen.
"""

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page

from quitlok import content
from quitlok.i18n import _, direction, use
from tests.conftest import ROOT
from tests.e2e.conftest import open_app, wait_for_app
from tests.e2e.test_browser import PATHS

pytestmark = pytest.mark.e2e

SCREENSHOTS = Path(os.environ.get("QUITLOK_SCREENSHOTS", ROOT / "test-artifacts" / "screenshots"))
LANGUAGES = ("he", "cs")
SIZES = {"desktop": (1300, 900), "projector": (1920, 1080), "phone": (390, 844)}
#: the longest picture taken of a page (a history page is long on a phone)
LONGEST = 9000
#: every page, and the Advisor answering a hand (its charts)
PAGES = {**{path or "home": path for path in PATHS}, "advisor-answer": "advisor?hand=10,3&seen=9,9,11"}


def in_language(address: str, lang: str) -> str:
    return f"{address}{'&' if '?' in address else '?'}lang={lang}"


@pytest.fixture(scope="module", params=list(SIZES))
def screen(request, browser):
    """A browser of one size (the phone's with touch), kept for the module's pages of that size."""
    width, height = SIZES[request.param]
    phone = request.param == "phone"
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone,
                                  device_scale_factor=1)
    yield request.param, context
    context.close()


def whole_page(page: Page, path: Path) -> None:
    """The page's whole length as one picture: the screen made as tall as the main area, then put back."""
    size = page.viewport_size
    height = page.evaluate("() => document.querySelector('[data-testid=\"stMain\"]').scrollHeight")
    page.set_viewport_size({"width": size["width"], "height": min(max(height, size["height"]), LONGEST)})
    page.wait_for_timeout(300)
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=path)
    page.set_viewport_size(size)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", list(PAGES))
def test_a_picture_of_every_page_in_every_language(screen, app_url, lang, name):
    size, context = screen
    page = context.new_page()
    try:
        open_app(page, f"{app_url}/{in_language(PAGES[name], lang)}")
        page.wait_for_function(f"document.documentElement.lang === {lang!r}", timeout=15_000)
        if name == "advisor-answer":
            page.locator(".ql-bars").nth(1).wait_for(timeout=30_000)
        if size == "projector":
            with use(lang):
                page.get_by_text(_("Projector mode (large text and cards)")).click()
            wait_for_app(page)
            assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "21px", "projector mode"
        page.wait_for_timeout(300)
        assert page.locator("[data-testid='stException']").count() == 0, f"{name} ({lang}, {size}) failed"
        with use(lang):  # the guard's message (quitlok.ui.guard): the page failed, said in the app's words
            failed = content.sections("guard")["failed"].split("**")[1]
        assert page.get_by_text(failed).count() == 0, f"{name} ({lang}, {size}): the page failed"
        assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == [
            lang, direction(lang)]
        whole_page(page, SCREENSHOTS / lang / f"{name}-{size}.png")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= SIZES[size][0], f"{name} ({lang}, {size}) is {width} px wide"
    finally:
        page.close()
