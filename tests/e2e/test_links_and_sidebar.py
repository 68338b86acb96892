"""In the browser: a link's text stays text, reference numbers open their entry, the sidebar cuts nothing off."""

import urllib.parse

import pytest
from playwright.sync_api import Page

from quitlok import ui
from tests.app.test_link_text import FROM_LINKS
from tests.e2e.conftest import open_app, wait_for_app

pytestmark = pytest.mark.e2e

#: every element in the sidebar whose text is cut short (ending in "…" or clipped)
CUT_OFF = """() => [...document.querySelectorAll('[data-testid=stSidebar] *')].filter(el => {
    const style = getComputedStyle(el);
    const hides = style.overflowX === 'hidden' || style.textOverflow === 'ellipsis';
    return el.textContent.trim() && hides && el.scrollWidth > el.clientWidth + 1;
}).map(el => el.textContent.trim())"""


@pytest.mark.parametrize("wanted", FROM_LINKS)
def test_rules_from_a_link_show_as_plain_text(page: Page, app_url, wanted):
    open_app(page, f"{app_url}/?rules={urllib.parse.quote(wanted)}")
    warning = page.get_by_test_id("stSidebar").get_by_test_id("stAlert")
    assert wanted in warning.inner_text().replace(ui.WORD_JOINER, "")
    assert warning.locator("a, img, b").count() == 0


def test_a_reference_number_opens_its_entry_in_the_reference_list(page: Page, app_url):
    open_app(page, f"{app_url}/glossary")
    link = page.get_by_role("link", name="[8]").first
    href = link.evaluate("a => a.href")
    assert href == f"{app_url}/{ui.SOURCES_PAGE}#{ui.source_anchor(8)}"
    open_app(page, href)
    entry = page.locator(f"#{ui.source_anchor(8)}")
    assert "Robert Kissel" in entry.inner_text()
    page.wait_for_timeout(500)
    assert entry.evaluate("e => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; }"), \
        "the reference list scrolls to the entry"


@pytest.mark.parametrize("width", [1280, 400])
def test_nothing_in_the_sidebar_is_cut_off_in_projector_mode(browser, app_url, width):
    context = browser.new_context(viewport={"width": width, "height": 2600})
    page = context.new_page()
    try:
        open_app(page, f"{app_url}/variants")
        if width < 700:
            page.get_by_test_id("stExpandSidebarButton").click()
        page.get_by_text("Projector mode (large text and cards)").click()
        wait_for_app(page)
        page.get_by_text("Change single rules").click()  # its widgets are drawn once it is open
        page.get_by_text("Blots (free face-up cards)").wait_for()
        wait_for_app(page)
        assert page.evaluate(CUT_OFF) == []
    finally:
        context.close()


#: where the sidebar ends on the screen: beyond the left edge when closed
SIDEBAR_RIGHT = "document.querySelector('[data-testid=stSidebar]').getBoundingClientRect().right"


def test_choosing_a_page_on_a_phone_closes_the_sidebar(browser, app_url):
    """The app's own list of pages (quitlok/ui/nav.py) closes the sidebar on a phone once a page is chosen, as
    Streamlit's menu did (quitlok/ui/internals.py, close_sidebar_on_phones): a Streamlit upgrade that changes
    the sidebar's markup fails here."""
    context = browser.new_context(viewport={"width": 400, "height": 800})
    page = context.new_page()
    try:
        open_app(page, app_url)
        page.get_by_test_id("stExpandSidebarButton").click()
        page.wait_for_function(f"() => {SIDEBAR_RIGHT} >= 200", timeout=5_000)  # open, over the page
        page.get_by_role("link", name="Quiz").click()
        page.wait_for_url("**/quiz")
        wait_for_app(page)
        page.wait_for_function(f"() => {SIDEBAR_RIGHT} <= 1", timeout=5_000)  # closed, out of sight
        assert page.get_by_role("heading", name="Quiz").count() == 1
    finally:
        context.close()


def test_a_reload_keeps_kvitlach_at_the_practice_table(page: Page, app_url):
    """A family chooses Kvitlach and plays; the page is reloaded (or the phone slept): the game in progress is
    gone, as the page says, but the rules are still Kvitlach, and the next game is dealt by them."""
    open_app(page, f"{app_url}/play")
    sidebar = page.get_by_test_id("stSidebar")
    sidebar.locator(".st-key-rules-preset").get_by_test_id("stSelectbox").click()  # (the language picker is first)
    page.get_by_role("option", name="Kvitlach").click()
    wait_for_app(page)
    sidebar.get_by_text("Playing: Kvitlach").wait_for()
    page.get_by_role("button", name="Start a new game").click()
    wait_for_app(page)
    for _ in range(50):  # the browser keeps the rules as soon as they change (a cookie; give it a moment)
        if {c["name"]: c["value"] for c in page.context.cookies()}.get("ql-rules") == "kvitlach":
            break
        page.wait_for_timeout(100)

    page.reload()
    wait_for_app(page)
    page.get_by_text("The page was reloaded, so the game in progress is gone.").wait_for(timeout=30_000)
    assert "Playing: Kvitlach" in sidebar.inner_text(), sidebar.inner_text()
    page.get_by_role("spinbutton", name="Maximum bet (chips)").wait_for()  # the new-game form is Kvitlach's
    page.get_by_role("button", name="Start a new game").click()
    wait_for_app(page)
    assert page.locator("[data-testid='stException']").count() == 0
    assert page.get_by_role("button", name="Blot").count() == 0  # Kvitlach has no blots
