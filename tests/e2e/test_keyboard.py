"""Keyboard only: a learner who never touches the mouse plays a hand, does a lesson step and asks the Advisor.

Every move is a key press (Tab, Shift+Tab, Enter, Space, the arrow keys in a radio group). After every press
the focused control must be on screen, not hidden under anything (Streamlit's fixed header), and show where
the focus is: its picture with the focus must differ from its picture without it (a ring, an outline, a
changed border). That is found by going back one control (Shift+Tab) and forward again (Tab), keys a
keyboard user presses too, once per control. Problems with the focus are gathered along the way and
reported together at the end, so that one run names every control without a visible focus.
"""

import io
import re
from dataclasses import dataclass, field

import pytest
from PIL import Image, ImageChops  # Pillow comes with Streamlit
from playwright.sync_api import Locator, Page

from tests.e2e.conftest import BUTTON_MS, open_app, wait_for_app

pytestmark = pytest.mark.e2e

#: how far outside a control its focus ring may be drawn (Streamlit's ring is 0.2rem; an outline with offset)
RING = 6
#: pixels that must change clearly when a control gets the focus: a ring 1 px wide round it, or this many
RING_PIXELS = 100
#: a clear change: this much on the 0-255 grey scale (a pale tint behind a radio option changes it by about 10)
CLEAR = 24

#: what a learner sees of a focused control: a radio or a check box draws itself beside its hidden input, so
#: its label; anything else itself
_SHOWN = "(el) => ['radio', 'checkbox'].includes(el.type) && el.closest('label') ? el.closest('label') : el"

#: the focused element, described for a reader, with where it is and whether something covers it
_FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return null;
  const r = (SHOWN)(el).getBoundingClientRect();
  const label = (el.getAttribute('aria-label') || el.labels?.[0]?.innerText || el.innerText || el.value || '')
    .replace(/\\s+/g, ' ').trim().slice(0, 60);
  const role = el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : '';
  const what = `${el.tagName.toLowerCase()}${role}${el.tagName === 'INPUT' ? `[type=${el.type}]` : ''} "${label}"`;
  // a control's own parts (a radio's circle, a slider's thumb) may lie over it: anything in its widget is fine
  const widget = el.closest('[data-testid="stElementContainer"], label, details') || el.parentElement;
  const inside = (hit) => !!hit && (hit === el || el.contains(hit) || hit.contains(el) || widget.contains(hit));
  const onScreen = r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0
    && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const covered = onScreen && !inside(hit)
    ? `${hit.tagName.toLowerCase()} ${hit.dataset.testid || hit.className}` : null;
  const styles = [el, el.parentElement, el.parentElement?.parentElement].filter(Boolean).map(e => {
    const s = getComputedStyle(e);
    return `${e.tagName.toLowerCase()}: outline ${s.outlineStyle} ${s.outlineWidth}, box-shadow ${s.boxShadow}`; });
  return {what, main: el.dataset.testid === 'stMain', skip: el.dataset.testid === 'stSkipToContent',
          x: r.left, y: r.top, width: r.width, height: r.height, onScreen, covered, styles};
}""".replace("SHOWN", _SHOWN)

#: whether a control has moved from (x, y) on screen (the page scrolled)
_MOVED = """(el, at) => { const r = (SHOWN)(el).getBoundingClientRect();
  return Math.abs(r.left - at[0]) > 0.5 || Math.abs(r.top - at[1]) > 0.5; }""".replace("SHOWN", _SHOWN)


@dataclass
class Keyboard:
    """A learner at the keyboard: presses keys, and after each press checks that the focus can be seen."""

    page: Page
    presses: int = 0
    problems: list[str] = field(default_factory=list)
    #: controls whose focus ring was already looked at (by what they are), each looked at once
    seen: set[str] = field(default_factory=set)
    #: the controls passed by the last tab_to, for its message when it fails
    passed: list[str] = field(default_factory=list)
    #: the buttons after whose press nothing had the focus within 3 s (the run drew the button anew and
    #: nothing gave the focus back): the next Tab would start from the top of the document
    lost: list[str] = field(default_factory=list)
    #: each control tabbed to, with the presses it took
    reached: list[str] = field(default_factory=list)

    def focused(self) -> dict | None:
        return self.page.evaluate(_FOCUSED)

    def press(self, key: str, *, check: bool = True) -> dict | None:
        self.page.keyboard.press(key)
        self.presses += 1
        now = self.focused()
        if check and now is not None and not now["main"]:
            self._check(now, key)
        return now

    def _check(self, now: dict, key: str) -> None:
        what = now["what"]
        if not now["onScreen"]:
            self.problems.append(f"after {key}, the focused {what} is off screen "
                                 f"(at {now['x']:.0f}, {now['y']:.0f}, {now['width']:.0f}x{now['height']:.0f})")
        elif now["covered"]:
            self.problems.append(f"after {key}, the focused {what} is covered by {now['covered']}")
        if what in self.seen or not now["onScreen"]:
            return
        self.seen.add(what)
        changed, faint, outline = self._ring(now)
        if changed is not None and changed < min(outline, RING_PIXELS):
            self.problems.append(f"no visible focus on {what}: {changed} pixels change clearly with the focus "
                                 f"({faint} faintly), {min(outline, RING_PIXELS)} wanted; computed: "
                                 f"{'; '.join(now['styles'])}")

    def _clip(self, now: dict) -> dict:
        size = self.page.viewport_size
        x0, y0 = max(0, now["x"] - RING), max(0, now["y"] - RING)
        x1 = min(size["width"], now["x"] + now["width"] + RING)
        y1 = min(size["height"], now["y"] + now["height"] + RING)
        return {"x": x0, "y": y0, "width": x1 - x0, "height": y1 - y0}

    def _ring(self, now: dict) -> tuple[int | None, int, int]:
        """How many pixels round the focused control change clearly, and how many faintly, when it loses the
        focus (Shift+Tab) and gets it back (Tab); and the pixels of a ring 1 px wide round it."""
        clip = self._clip(now)
        outline = int(2 * (now["width"] + now["height"]))
        with_focus = self.page.screenshot(clip=clip, animations="disabled")
        control = self.page.evaluate_handle("() => document.activeElement")
        self.page.keyboard.press("Shift+Tab")
        without = self.page.screenshot(clip=clip, animations="disabled")
        moved = control.evaluate(_MOVED, [now["x"], now["y"]])
        self.page.keyboard.press("Tab")
        self.presses += 2
        again = self.focused()
        if again is None or again["what"] != now["what"]:
            raise AssertionError(f"Shift+Tab and Tab did not come back to {now['what']} (now {again})")
        if moved and now["skip"]:  # Streamlit's "Skip to main content" comes on screen only with the focus
            return outline, 0, outline
        if moved:  # the page scrolled in between: the pictures cannot be compared; look again next time
            self.seen.discard(now["what"])
            return None, 0, outline
        a = Image.open(io.BytesIO(with_focus)).convert("L")
        b = Image.open(io.BytesIO(without)).convert("L")
        difference = ImageChops.difference(a, b)
        histogram = difference.histogram()
        return sum(histogram[CLEAR:]), sum(histogram[1:CLEAR]), outline

    def is_focused(self, target: Locator) -> bool:
        return target.evaluate_all("els => els.includes(document.activeElement)")

    def tab_to(self, target: Locator, name: str, limit: int = 60, *, back: bool = False) -> None:
        """Press Tab (Shift+Tab when `back`) until `target` has the focus; from the page's top, the skip link
        jumps over the sidebar."""
        self.passed = []
        key = "Shift+Tab" if back else "Tab"
        for count in range(1, limit + 1):
            now = self.press(key)
            if self.is_focused(target):
                self.reached.append(f"{name} {count}")
                return
            if now is not None and now["skip"] and not back:
                self.press("Enter")  # "Skip to main content"
                now = self.focused()
            self.passed.append(now["what"] if now else "(nothing: the page's end)")
        pytest.fail(f"{name} not reached within {limit} presses of {key}; passed: {self.passed}")

    def press_button(self, name: str | re.Pattern, limit: int = 60, *, back: bool = False) -> None:
        """Tab (or Shift+Tab, `back`) to the button called `name` and press Enter on it; wait until the app has
        run."""
        label = name if isinstance(name, str) else name.pattern
        self.tab_to(self.button(name), label, limit, back=back)
        self.press("Enter")
        wait_for_app(self.page, BUTTON_MS)
        for _ in range(100):  # the focus comes back as the run's last elements are drawn (quitlok.ui.focus); on a
            # loaded machine (a clean clone's run beside other work) that once took more than 3 s
            if self.focused() is not None:
                return
            self.page.wait_for_timeout(100)
        self.lost.append(label)

    def report(self, what: str) -> None:
        """Print the key presses needed, and the buttons after whose press nothing had the focus."""
        lost = f"; nothing had the focus after pressing {sorted(set(self.lost))}" if self.lost else ""
        print(f"\n{what}: {self.presses} key presses (with those that look at the focus){lost}; "
              f"Tab or Shift+Tab to reach each: {'; '.join(self.reached)}")

    def choose(self, option: str, limit: int = 60) -> None:
        """In a radio group: Tab into it, then the arrow keys to `option` (they choose as they move); Space
        chooses the first option when Tab landed on it."""
        wanted = self.page.get_by_role("radio", name=option, exact=True)
        radios = self.page.get_by_role("radiogroup").filter(has=wanted).get_by_role("radio")
        self.tab_to(radios, f"the radio group of {option!r}", limit)
        for _ in range(10):
            if self.is_focused(wanted):
                if not wanted.is_checked():
                    self.press("Space")
                wait_for_app(self.page)
                return
            self.press("ArrowDown")
            wait_for_app(self.page)
            if not self.is_focused(radios):  # the run after the choice took the focus away: back into the group
                self.tab_to(radios, "the radio group again", limit)
        pytest.fail(f"the option {option!r} not reached with the arrow keys")

    def button(self, name: str | re.Pattern) -> Locator:
        return self.page.get_by_role("button", name=name, exact=True if isinstance(name, str) else None)

    def has_button(self, name: str | re.Pattern) -> bool:
        return self.button(name).count() > 0

    def assert_focus_seen(self) -> None:
        assert not self.problems, "the focus could not be seen:\n" + "\n".join(dict.fromkeys(self.problems))


@pytest.fixture
def keyboard(page) -> Keyboard:
    return Keyboard(page)


def main_text(page: Page) -> str:
    return page.locator("[data-testid='stMain']").inner_text()


#: at the practice table, the buttons that move play on without a bet, in the order the test prefers them
MOVE_ON = ("Stay", "Stand", "Keep the bank", "Keep the 11", "Draw a card")


def test_a_whole_hand_at_the_practice_table_by_keyboard(page, app_url, keyboard):
    open_app(page, f"{app_url}/play")
    keyboard.press_button("Start a new game")
    page.wait_for_selector("text=What happened", timeout=30_000)
    panel = page.locator(".ql-hand-over")
    bet = True
    for _ in range(40):
        if panel.count() and "is over:" in panel.inner_text():
            break
        if keyboard.has_button(stake := re.compile(r"^Stake a bank of \d+$")):
            keyboard.press_button(stake)
        elif page.get_by_role("heading", name=re.compile(r"^Your turn")).count():
            if bet and keyboard.has_button(bets := re.compile(r"^Bet \d+$")):
                keyboard.press_button(bets)
                bet = False
                continue
            keyboard.press_button(next(name for name in MOVE_ON if keyboard.has_button(name)))
        else:
            keyboard.press_button("Skip to my turn")
    else:
        pytest.fail("no hand ended within 40 decisions")
    # "...is over: you lost 1 with 13", or, when the banker played early and again, "...is over: at the 1st
    # settlement ... You lost 1 with 13 (2nd settlement)"
    assert re.search(r"Hand \d+ of (\w+'s|your) bank is over: (you |at the 1st settlement .*\bYou\b)",
                     panel.inner_text(), re.S)
    assert page.locator("[data-testid='stException']").count() == 0
    keyboard.report("practice table")
    keyboard.assert_focus_seen()
    assert not keyboard.lost, f"nothing had the focus after pressing {keyboard.lost}"


def test_a_lesson_step_by_keyboard(page, app_url, keyboard):
    open_app(page, f"{app_url}/lessons")
    assert page.get_by_role("heading", name="1. The pack and its framed cards").count() == 1
    keyboard.press_button("Bet 2")
    for _ in range(10):
        if "Two framed cards make 21" in main_text(page) or not keyboard.has_button("Let the others play"):
            break
        keyboard.press_button("Let the others play")
    assert "Two framed cards make 21" in main_text(page)
    keyboard.choose("The 2s and the 11s")
    keyboard.press_button("Check my answer")
    assert "Step done!" in main_text(page)
    keyboard.press_button("Next")
    assert page.get_by_role("heading", name=re.compile(r"^2\. ")).count() == 1, "on to step 2"
    assert page.locator("[data-testid='stException']").count() == 0
    keyboard.report("lesson step")
    keyboard.assert_focus_seen()
    assert not keyboard.lost, f"nothing had the focus after pressing {keyboard.lost}"


def test_an_advisor_question_by_keyboard(page, app_url, keyboard):
    open_app(page, f"{app_url}/advisor")
    keyboard.press_button("6 · 2 left")
    keyboard.press_button("5 · 2 left", back=True)  # the focus stays on the 6: one Shift+Tab
    page.wait_for_selector(".ql-bars", timeout=30_000)
    assert page.get_by_role("heading", name="Call aluvun, then take a blot").count() == 1
    text = main_text(page)
    assert "2 of the 22 unseen cards would bust you" in text and "from 9.1% to 0.43%" in text
    assert page.locator("[data-testid='stException']").count() == 0
    keyboard.report("advisor")
    keyboard.assert_focus_seen()


def test_the_sidebar_by_keyboard_projector_mode(page, app_url, keyboard):
    """Through the page list to the projector switch, which Space turns on: the text grows."""
    open_app(page, f"{app_url}/rules")
    switch = page.get_by_role("switch", name="Projector mode (large text and cards)")
    keyboard.passed = []
    for _ in range(40):  # no skip link this time: every link of the sidebar's page list is passed
        keyboard.press("Tab")
        if keyboard.is_focused(switch):
            break
    else:
        pytest.fail("the projector switch not reached within 40 presses of Tab")
    before = page.evaluate("() => getComputedStyle(document.documentElement).fontSize")
    keyboard.press("Space")
    wait_for_app(page)
    assert switch.is_checked()
    after = page.evaluate("() => getComputedStyle(document.documentElement).fontSize")
    assert float(after[:-2]) > float(before[:-2]), (before, after)
    keyboard.report("sidebar")
    keyboard.assert_focus_seen()
