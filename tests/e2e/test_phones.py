"""Phones: every page at 360x740 (portrait) and 740x360 (landscape), with touch, as a phone's browser shows it.

Each page: no horizontal scrolling (nothing wider than the screen: neither the document nor Streamlit's main
scrolling area), no error, the title on screen. The practice table during the learner's turn: the action
buttons never lie over the learner's own cards, which are on screen when scrolled to. The sidebar's projector
switch makes the body text larger on a phone too.

A picture of every page at both sizes, the whole page's length, goes to tests/e2e/artifacts/phones/ (or the
folder in QUITLOK_ARTIFACTS), for a person to look at: the folder is made by the test and kept out of git.
"""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page

from quitlok.i18n import _, is_rtl, pgettext, use
from tests.conftest import ROOT
from tests.e2e.conftest import open_app, wait_for_app
from tests.e2e.test_browser import PATHS

pytestmark = pytest.mark.e2e

SIZES = {"portrait": (360, 740), "landscape": (740, 360)}
ARTIFACTS = Path(os.environ.get("QUITLOK_ARTIFACTS", ROOT / "tests" / "e2e" / "artifacts")) / "phones"
#: the Advisor answering a hand of 10 and 3 with two 9s and an 11 seen: a bust, a 21 and safe cards in its chart
ADVISED = "advisor?hand=10,3&seen=9,9,11"
#: the longest picture taken of a page (the history pages are long on a narrow screen)
LONGEST = 8000

#: what reaches past the screen's right edge: the document and Streamlit's scrolling main area, and the
#: visible elements that stick out (not those inside something that scrolls or clips them by itself)
_WIDTHS = """() => {
  const main = document.querySelector('[data-testid="stMain"]');
  const out = [];
  for (const el of document.querySelectorAll('[data-testid="stMain"] *')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.right <= innerWidth + 1) continue;
    if (getComputedStyle(el).visibility === 'hidden') continue;
    let clipped = false;
    for (let a = el.parentElement; a && a !== main; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible' && a.getBoundingClientRect().right <= innerWidth + 1) {
        clipped = true; break; }
    }
    const within = el.parentElement.closest('[data-testid]');
    if (!clipped) out.push(`${el.tagName.toLowerCase()}${el.dataset.testid ? '[' + el.dataset.testid + ']' : ''}`
      + ` in ${within ? within.dataset.testid : 'the page'} to ${Math.round(r.right)} px`);
  }
  return {document: document.documentElement.scrollWidth, main: main.scrollWidth, mainWidth: main.clientWidth,
          screen: innerWidth, sticking: out.slice(0, 8)};
}"""

#: whether the first h1 is wholly on screen and nothing (Streamlit's header) lies over it
_TITLE_SEEN = """() => {
  const h = document.querySelector('[data-testid="stMain"] h1');
  if (!h) return 'no title';
  const r = h.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth + 1) return `off screen: ${r.top}`;
  const hit = document.elementFromPoint(r.left + Math.min(r.width, 40) / 2, r.top + r.height / 2);
  return hit && (h.contains(hit) || hit.contains(h)) ? 'seen' : `covered by ${hit && hit.outerHTML.slice(0, 80)}`;
}"""


@pytest.fixture(scope="module")
def phone_browser(browser):
    """A phone's browser, with touch, kept for the module's tests (its cache saves loading Streamlit's scripts
    again for every page)."""
    width, height = SIZES["portrait"]
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True,
                                  device_scale_factor=1)
    yield context
    context.close()


@pytest.fixture
def phone(phone_browser) -> Page:
    """A fresh tab (a session of its own) in the phone's browser, which notes the page's script errors."""
    page = phone_browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    yield page
    page.close()


def turn(page: Page, orientation: str) -> None:
    """Hold the phone upright or on its side."""
    width, height = SIZES[orientation]
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_timeout(300)


def no_failure(page: Page) -> None:
    failures = page.locator("[data-testid='stException']")
    assert failures.count() == 0, failures.first.inner_text()
    assert not page.errors, page.errors


def fits_the_screen(page: Page, where: str) -> None:
    widths = page.evaluate(_WIDTHS)
    assert widths["document"] <= widths["screen"], f"{where}: the page scrolls sideways: {widths}"
    assert widths["main"] <= widths["mainWidth"], f"{where}: the main area scrolls sideways: {widths}"


def picture(page: Page, name: str) -> Path:
    """The whole page's length as one picture: the screen made as tall as the page, then put back."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    height = page.evaluate("() => document.querySelector('[data-testid=\"stMain\"]').scrollHeight")
    path = ARTIFACTS / f"{name}.png"
    page.set_viewport_size({"width": size["width"], "height": min(max(height, size["height"]), LONGEST)})
    page.wait_for_timeout(250)
    page.screenshot(path=path)
    page.set_viewport_size(size)
    return path


#: every page, and the Advisor with its answer and charts (a link with a hand)
PAGES = [*PATHS, ADVISED]
#: the languages the phone tests run in (issue 26): English, Hebrew (right to left) and Czech
LANGUAGES = ("en", "he", "cs")


def in_language(address: str, lang: str) -> str:
    """The address asking for `lang` (English: as it is)."""
    return address if lang == "en" else f"{address}{'&' if '?' in address else '?'}lang={lang}"


def words(lang: str, message: str, context: str | None = None) -> str:
    """A button's or a label's words, as the page says them in `lang`."""
    with use(lang):
        return pgettext(context, message) if context else _(message)


def stake_a_bank(lang: str) -> re.Pattern:
    """The banker's button "Stake a bank of 10", in `lang`."""
    return re.compile("^" + re.escape(words(lang, "Stake a bank of {n}", "move")).replace(r"\{n\}", r"\d+") + "$")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", PAGES)
def test_every_page_fits_a_phone_both_ways(phone, app_url, path, lang):
    """Each page opened on the phone, then the phone turned: every other page is opened on its side first, so
    that both sizes are met on a page's first drawing as well as after a turn."""
    first = "portrait" if PAGES.index(path) % 2 == 0 else "landscape"
    name = ("advisor-answer" if path == ADVISED else path or "home") + ("" if lang == "en" else f"-{lang}")
    turn(phone, first)
    open_app(phone, f"{app_url}/{in_language(path, lang)}")
    if lang != "en":
        phone.wait_for_function(f"document.documentElement.lang === {lang!r}", timeout=15_000)
    if path == ADVISED:
        phone.locator(".ql-bars").nth(1).wait_for(timeout=30_000)
    for orientation in (first, "landscape" if first == "portrait" else "portrait"):
        turn(phone, orientation)
        picture(phone, f"{orientation}-{name}")
        where = f"{name} ({orientation})"
        no_failure(phone)
        assert phone.evaluate(_TITLE_SEEN) == "seen", where
        fits_the_screen(phone, where)


#: at the practice table, the buttons that move play on to the learner's turn
MOVE_ON = ("Skip to my turn", "Next move")


def tap(page: Page, name: str | re.Pattern) -> None:
    page.get_by_role("button", name=name, exact=True if isinstance(name, str) else None).first.tap()
    wait_for_app(page)


def boxes(page: Page, selector: str) -> list[dict]:
    """Where the visible elements of `selector` are, on the page (None for one not shown)."""
    items = page.locator(selector)
    return [items.nth(i).bounding_box() for i in range(items.count())]


def overlap(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


#: what lies over the middle of an element scrolled to the middle of the screen (None: nothing)
_COVER = """el => { el.scrollIntoView({block: 'center'}); const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return hit && (el === hit || el.contains(hit) || hit.contains(el)) ? null
    : (hit ? hit.outerHTML.slice(0, 120) : 'nothing: off screen'); }"""

#: the learner's own cards, in the learner's seat at the table
MY_CARDS = ".ql-seat.ql-me img.ql-card"
ACTIONS = ".st-key-play-actions button:visible"


#: the learner's seat in the column of seats scrolled to the top of the screen, where the moves' bar, fixed at the
#: bottom (quitlok/ui/move_bar.py, with the learner's cards again at its top), must leave its cards uncovered
_HAND_TO_THE_TOP = "() => document.querySelector('.ql-seat.ql-me')?.scrollIntoView({block: 'start'})"

#: with the first action button scrolled to the bottom of the screen (the bar is there already): whether the
#: learner's cards of the row just above the buttons (quitlok.ui.table.hand_for_phones) are all on screen with it
_WITH_MY_CARDS = """el => { el.scrollIntoView({block: 'end'});
  const cards = [...document.querySelectorAll('.st-key-ql-phone-hand img.ql-card')].map(c => c.getBoundingClientRect());
  return {cards: cards.length, onScreen: cards.length > 0 && cards.every(r => r.height > 0 && r.top >= 0
    && r.bottom <= el.getBoundingClientRect().top)}; }"""


#: the moves whose name takes more lines than it has words: a word broken in two ("לעצו / ר"); the stake's
#: steppers have no words
_BROKEN_WORDS = """buttons => buttons.map(b => {
  const p = b.querySelector('p') || b;
  const lines = Math.round(p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight));
  const words = p.innerText.trim().split(/\\s+/).filter(Boolean).length;
  return words && lines > words ? `${p.innerText} (${lines} lines)` : null; }).filter(Boolean)"""


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("orientation", list(SIZES))
def test_the_practice_table_on_a_phone(phone, app_url, orientation, lang):
    """During the learner's turn the action buttons (a bar fixed at the bottom of the screen) lie over none of the
    learner's cards once that row is scrolled up; both are on screen (not covered) when scrolled to, the learner's
    cards are on screen together with the buttons (a row of them above), and the page still fits the screen."""
    page = phone
    turn(page, orientation)
    open_app(page, f"{app_url}/{in_language('play', lang)}")
    tap(page, words(lang, "Start a new game"))
    page.get_by_text(words(lang, "What happened"), exact=True).first.wait_for(timeout=30_000)
    move_on = [words(lang, name) for name in MOVE_ON]
    for _step in range(30):
        if page.locator(ACTIONS).count() and page.locator(MY_CARDS).count():
            break
        if page.get_by_role("button", name=stake_a_bank(lang)).count():
            tap(page, stake_a_bank(lang))
        else:
            tap(page, next(name for name in move_on if page.get_by_role("button", name=name).count()))
    else:
        pytest.fail("the learner's turn did not come within 30 taps")
    no_failure(page)
    fits_the_screen(page, f"the practice table ({orientation})")
    assert not page.locator("[data-testid='stHeaderActionElements'] a:visible").count(), "a heading's link icon shows"
    page.evaluate(_HAND_TO_THE_TOP)  # the moves are a bar fixed at the bottom of the screen: the page scrolls under it
    cards, buttons = boxes(page, MY_CARDS), [box for box in boxes(page, ACTIONS) if box]
    assert None not in cards, f"one of the learner's cards is not shown ({orientation})"
    for button in buttons:
        assert button["x"] >= -1 and button["x"] + button["width"] <= SIZES[orientation][0] + 1, (
            f"a move reaches past the screen's edge ({orientation}): {button}")
    for card in cards:
        assert card["width"] > 20 and card["x"] >= 0 and card["x"] + card["width"] <= SIZES[orientation][0] + 1
        for button in buttons:
            assert not overlap(card, button), f"a button lies over a card: {button} {card}"
    for selector in (MY_CARDS, ACTIONS):
        items = page.locator(selector)
        for i in range(items.count()):
            cover = items.nth(i).evaluate(_COVER)
            assert cover is None, f"{selector} number {i + 1} is covered by {cover} ({orientation})"
    page.evaluate(_HAND_TO_THE_TOP)
    together = page.locator(ACTIONS).first.evaluate(_WITH_MY_CARDS)
    picture(page, f"{orientation}-play-your-turn" + ("" if lang == "en" else f"-{lang}"))  # seen before judged
    assert together["cards"], f"no row of the learner's cards above the buttons ({orientation})"
    assert together["onScreen"], f"the learner's cards are not on screen with the buttons ({orientation}): {together}"
    broken = page.locator(ACTIONS).evaluate_all(_BROKEN_WORDS)
    assert not broken, f"a move's name breaks inside a word ({orientation}): {broken}"
    gap = min(button["y"] for button in buttons) - max(card["y"] + card["height"] for card in cards)
    print(f"\n{orientation}: the buttons begin {gap:.0f} px below the learner's cards "
          f"(the screen is {SIZES[orientation][1]} px tall)")


def body_text_size(page: Page) -> float:
    size = page.locator("[data-testid='stMain'] [data-testid='stMarkdownContainer'] p").first.evaluate(
        "el => getComputedStyle(el).fontSize")
    return float(size.removesuffix("px"))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("orientation", list(SIZES))
def test_projector_mode_makes_text_larger_on_a_phone(phone, app_url, orientation, lang):
    page = phone
    turn(page, orientation)
    open_app(page, f"{app_url}/{in_language('rules', lang)}")
    before = body_text_size(page)
    switch = page.get_by_role("switch", name=words(lang, "Projector mode (large text and cards)"))
    opener = page.get_by_test_id("stExpandSidebarButton")
    if opener.is_visible():  # the sidebar starts closed on a phone, unless this browser opened it before
        opener.tap()
    switch.wait_for(state="visible")
    page.locator("label").filter(has=switch).tap()
    wait_for_app(page)
    assert switch.is_checked()
    page.get_by_test_id("stSidebarCollapseButton").locator("button").tap()  # back to the page
    page.wait_for_timeout(300)
    after = body_text_size(page)
    assert after > before, f"the body text stays {before} px in projector mode ({orientation})"
    no_failure(page)
    picture(page, f"{orientation}-rules-projector" + ("" if lang == "en" else f"-{lang}"))
    fits_the_screen(page, f"the rules in projector mode ({orientation})")


@pytest.mark.parametrize("lang", ["he", "cs"])
def test_the_sidebar_opens_from_its_own_side_on_a_phone(phone, app_url, lang):
    """Right to left (Hebrew) the sidebar's opener is at the top right and the sidebar comes in from the right,
    over the page's right edge; left to right (Czech) both on the left. Either way the open sidebar lies within
    the screen, its controls reachable, and closes again."""
    page = phone
    turn(page, "portrait")
    open_app(page, f"{app_url}/{in_language('rules', lang)}")
    page.wait_for_function(f"document.documentElement.lang === {lang!r}", timeout=15_000)
    width = SIZES["portrait"][0]
    opener = page.get_by_test_id("stExpandSidebarButton")
    if not opener.is_visible():  # this browser opened the sidebar before: close it first
        page.get_by_test_id("stSidebarCollapseButton").locator("button").tap()
        page.wait_for_timeout(400)
    box = opener.bounding_box()
    middle = box["x"] + box["width"] / 2
    assert (middle > width / 2) == is_rtl(lang), f"the sidebar's opener is at x={middle:.0f} of {width}"
    opener.tap()
    switch = page.get_by_role("switch", name=words(lang, "Projector mode (large text and cards)"))
    switch.wait_for(state="visible")
    page.wait_for_timeout(600)  # the sidebar slides in
    side = page.get_by_test_id("stSidebar").bounding_box()
    assert side["x"] >= -1 and side["x"] + side["width"] <= width + 1, f"the open sidebar is off the screen: {side}"
    if is_rtl(lang):
        assert side["x"] + side["width"] >= width - 1, f"the sidebar is not against the right edge: {side}"
    else:
        assert side["x"] <= 1, f"the sidebar is not against the left edge: {side}"
    ring = page.locator("label").filter(has=switch).bounding_box()
    assert ring["x"] >= 0 and ring["x"] + ring["width"] <= width + 1, f"the projector switch is cut off: {ring}"
    picture(page, f"portrait-sidebar-{lang}")
    page.get_by_test_id("stSidebarCollapseButton").locator("button").tap()
    page.wait_for_timeout(600)
    assert opener.is_visible(), "the sidebar closes again"
    fits_the_screen(page, f"the rules after the sidebar ({lang})")
    no_failure(page)


BLOT = "Blot (free face-up card)"
#: the log's lines of the learner's blots (quitlok.game)
MY_BLOTS = """() => [...document.querySelectorAll('#play-log, .ql-log-earlier')].map(part => part.textContent)
  .join(' ').split('You ask for a blot.').length - 1"""


def enabled(page: Page, name: str | re.Pattern) -> bool:
    button = page.get_by_role("button", name=name, exact=True if isinstance(name, str) else None)
    return button.count() > 0 and button.first.is_enabled()


def test_a_double_tap_at_the_practice_table_makes_one_move(phone, app_url):
    """On a phone, two taps 0.4 s apart on Blot (a finger's, at the same place of the screen) make one blot; the
    moves are a bar fixed at the bottom of the screen, which has not moved under the finger (quitlok/ui/move_bar.py,
    as in a room: tests/e2e/test_together_browser.py)."""
    page = phone
    open_app(page, f"{app_url}/play")
    tap(page, "Start a new game")
    for _step in range(60):
        if enabled(page, BLOT):
            break
        choice = next((name for name in (re.compile(r"^Stake a bank of \d+$"), *MOVE_ON, "Keep the bank", "Stand",
                                         "Play again with the same settings") if enabled(page, name)), None)
        assert choice is not None, page.locator("body").inner_text()
        tap(page, choice)
    else:
        pytest.fail("the learner could not blot within 60 taps")
    blot = page.get_by_role("button", name=BLOT, exact=True)
    page.wait_for_timeout(1000)  # the bar has settled since it was drawn
    box = blot.bounding_box()
    assert box["y"] + box["height"] <= SIZES["portrait"][1], "the moves are on the phone's screen"
    before = page.evaluate(MY_BLOTS)
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    page.wait_for_timeout(400)
    page.mouse.click(x, y)
    wait_for_app(page, 5_000)
    page.wait_for_timeout(3000)  # time for a second blot, if one were coming
    wait_for_app(page)
    assert page.evaluate(MY_BLOTS) == before + 1, "one blot, not two"
    if enabled(page, BLOT):  # the turn goes on: the same move in the same place
        assert blot.bounding_box() == box, "the bar did not move under the finger"
    no_failure(page)
