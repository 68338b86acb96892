"""In the browser: the page's own language and direction (<html lang dir>), the language picker and the choice
the browser keeps, the mirrored layout, and no English left under the pseudo-language (issue 26)."""

import pytest
from playwright.sync_api import Page

from quitlok.i18n import _, use
from quitlok.practice import COMPUTER_NAMES
from tests.e2e.conftest import open_app, wait_for_app
from tests.i18n.visible import INNER_TEXT, escapes

pytestmark = pytest.mark.e2e

HTML = "() => [document.documentElement.lang, document.documentElement.dir]"


def wait_for_language(page: Page, lang: str) -> None:
    page.wait_for_function(f"document.documentElement.lang === {lang!r}", timeout=15_000)


@pytest.mark.parametrize(("query", "lang", "direction"), [("", "en", "ltr"), ("?lang=he", "he", "rtl"),
                                                           ("?lang=qps", "qps", "rtl")])
def test_the_page_says_its_language_and_direction(page: Page, app_url, query, lang, direction):
    open_app(page, f"{app_url}/{query}")
    if lang != "en":
        wait_for_language(page, lang)
    page.wait_for_timeout(300)
    assert page.evaluate(HTML) == [lang, direction]


def test_the_class_session_shown_alone_takes_the_address_s_language(page: Page, app_url):
    """The projected screen has no sidebar (no picker): its address's lang sets the page's language."""
    open_app(page, f"{app_url}/classroom?class=ABCDEF&screen=projector&lang=he")
    wait_for_language(page, "he")
    assert page.evaluate(HTML) == ["he", "rtl"]


def test_right_to_left_puts_the_sidebar_on_the_right(page: Page, app_url):
    open_app(page, f"{app_url}/?lang=qps")
    wait_for_language(page, "qps")
    sidebar = page.get_by_test_id("stSidebar").bounding_box()
    main = page.get_by_test_id("stMain").bounding_box()
    assert sidebar["x"] > main["x"] + main["width"] / 2, "the sidebar is on the right"
    heading = page.locator("h1").first.bounding_box()
    assert heading["x"] + heading["width"] > main["x"] + main["width"] * 0.7, "the title starts on the right"


def test_the_picker_changes_the_address_and_the_browser_keeps_the_choice(browser, app_url):
    context = browser.new_context(viewport={"width": 1300, "height": 900}, locale="he-IL")
    page = context.new_page()
    try:
        open_app(page, app_url)
        wait_for_language(page, "he")  # the browser's own language
        page.locator(".st-key-language-picker").get_by_test_id("stSelectbox").click()
        page.get_by_role("option", name="Čeština").click()
        wait_for_app(page)
        wait_for_language(page, "cs")
        assert "lang=cs" in page.url and page.evaluate(HTML) == ["cs", "ltr"]
        page.wait_for_function("document.cookie.includes('quitlok_lang=cs')", timeout=10_000)
        open_app(page, f"{app_url}/rules")  # a new visit, no lang in the address: the kept choice
        wait_for_language(page, "cs")
        open_app(page, f"{app_url}/?lang=he")  # an address's lang comes first
        wait_for_language(page, "he")
    finally:
        context.close()


@pytest.mark.parametrize("path", [pytest.param("", id="home"), pytest.param("play", id="practice-table")])
def test_no_english_escapes_under_the_pseudo_language(page: Page, app_url, path):
    open_app(page, f"{app_url}/{path}?lang=qps")
    wait_for_language(page, "qps")
    if path == "play":
        page.locator(".st-key-play-start button").click()  # a game on the table
        wait_for_app(page)
    left = escapes([page.evaluate(INNER_TEXT)], names=COMPUTER_NAMES)
    assert not left, f"English under ?lang=qps: {left[:20]}"


def test_a_change_of_language_keeps_what_the_visitor_chose(page: Page, app_url):
    """The Advisor's role, chosen in English, is still chosen in Czech (quitlok.ui.internals.keep_choices: the
    browser sends a choice back as its shown words, which the new language's words do not hold)."""
    with use("cs"):
        czech = _("I hold the bank")
    assert czech != "I hold the bank", "the Czech catalog words the role: the test needs the words to change"
    open_app(page, f"{app_url}/advisor")
    page.get_by_text("I hold the bank").click()
    wait_for_app(page)
    page.locator(".st-key-language-picker").get_by_test_id("stSelectbox").click()
    page.get_by_role("option", name="Čeština").click()
    wait_for_app(page)
    wait_for_language(page, "cs")
    role = page.get_by_test_id("stRadio").first
    assert role.get_by_role("radio", name=czech).is_checked(), "the role chosen in English"
    page.get_by_test_id("stRadio").nth(1).locator("label").last.click()  # another run, from the browser
    wait_for_app(page)
    assert page.get_by_test_id("stRadio").first.get_by_role("radio", name=czech).is_checked(), "and after a run"


def test_right_to_left_keeps_the_card_table_as_the_table_is(page: Page, app_url):
    """The seats and their arrows are a picture of the table: in Hebrew they keep their places (mirrored, the
    arrows of a clockwise hand would run anticlockwise), while the words in each seat read from the right."""
    open_app(page, f"{app_url}/play?lang=he")
    wait_for_language(page, "he")
    page.locator("[class*='st-key-play-start'] button").first.click()
    wait_for_app(page)
    ring = page.locator(".ql-ring").first
    ring.wait_for(timeout=30_000)
    assert ring.evaluate("e => getComputedStyle(e).direction") == "ltr"
    assert ring.locator(".ql-seat").first.evaluate("e => getComputedStyle(e).direction") == "rtl"


def test_a_chart_keeps_its_number_line_right_to_left(page: Page, app_url):
    """Hebrew: the Advisor's bar charts (quitlok.ui.bars) run as the slider does (quitlok.ui.rtl): the first column
    (the card 1) on the left, the last on the right, the value axis on the left; the title still reads from the
    right."""
    open_app(page, f"{app_url}/advisor?hand=10,3&seen=9,9,11&lang=he")
    wait_for_language(page, "he")
    chart = page.locator(".ql-bars").first
    chart.wait_for(timeout=30_000)
    columns = chart.locator(".ql-col")
    first, last = columns.first.bounding_box(), columns.last.bounding_box()
    assert first["x"] < last["x"], "the chart's columns run from the left"
    assert chart.locator(".ql-axis").bounding_box()["x"] < first["x"], "the value axis is on the left"
    assert chart.locator(".ql-title").evaluate("el => getComputedStyle(el).direction") == "rtl"


def test_a_slider_keeps_its_track_left_to_right_and_its_label_right_to_left(page: Page, app_url):
    """Hebrew: the Advisor's slider (the banker stands on) grows to the right as a ruler does, while its label
    reads from the right, its help icon after it (on the left)."""
    open_app(page, f"{app_url}/advisor?lang=he")
    wait_for_language(page, "he")
    slider = page.get_by_test_id("stSlider").first
    slider.wait_for(timeout=30_000)
    label = slider.get_by_test_id("stWidgetLabel")
    assert label.evaluate("el => getComputedStyle(el).direction") == "rtl"
    assert slider.locator("[role=group]").evaluate("el => getComputedStyle(el).direction") == "ltr"
    words = label.get_by_test_id("stMarkdownContainer").bounding_box()
    help_icon = label.locator("button").bounding_box()
    assert help_icon["x"] < words["x"], "the help icon follows the label, on its left"
    ticks = slider.get_by_test_id("stSliderTickBar").get_by_test_id("stMarkdownContainer")
    assert ticks.first.bounding_box()["x"] < ticks.last.bounding_box()["x"], "the smallest value on the left"


ICONS = """() => [...document.querySelectorAll('[data-testid="stIconMaterial"]')]
    .filter(icon => icon.textContent === 'login').map(icon => getComputedStyle(icon).transform)"""
SKIP_LINK = "() => [...document.querySelectorAll('[data-testid=stSkipToContent]')].map(link => link.textContent)"


@pytest.mark.parametrize(("lang", "skip", "turned"), [("he", "דילוג לתוכן העיקרי", True),
                                                      ("cs", "Přeskočit na hlavní obsah", False),
                                                      ("en", "Skip to main content", False)])
def test_streamlit_s_skip_link_speaks_the_page_s_language_and_a_door_icon_opens_the_reading_s_way(
        page: Page, app_url, lang, skip, turned):
    """quitlok.ui.internals.page_words: Streamlit's "Skip to main content" in the page's language, and the class
    page's Join button's login icon (a door to go in) mirrored right to left."""
    open_app(page, f"{app_url}/classroom?lang={lang}")
    wait_for_language(page, lang)
    page.wait_for_function(f"({SKIP_LINK})().length > 0 && ({SKIP_LINK})()[0] === {skip!r}", timeout=15_000)
    # a matrix with a negative first value is a mirror; "none" is the icon as drawn (the class page's Join button)
    expected = "t.startsWith('matrix(-1')" if turned else "t === 'none'"
    page.wait_for_function(f"(({ICONS})()).length > 0 && (({ICONS})()).every(t => {expected})", timeout=15_000)
