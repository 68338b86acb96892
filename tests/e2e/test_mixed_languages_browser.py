"""Mixed languages at one table, in the browser (issue 26, item 4): several devices, each a browser context of its
own with its own locale or `?lang=`, share one room or one class session, and each page shows its own language.

(a) A family's room: the grandmother's phone in Hebrew (she opens the room with `?lang=he`), her grandson's in
English (his browser's own language), a projector in Czech watching (`?lang=cs`, and a Czech browser). A hand is
played through, each person pressing the buttons of a page in their own language; the moves reach all three pages,
each worded in its own language, each seat reading its own moves as "you"; nothing on a page is of another
language (tests/i18n/mixed.py), the Hebrew page is right to left; a reload keeps each device's language.
(b) A class session: the teacher in English, the projector in Czech, two pupils, one in Hebrew and one in English;
a question, the answers, the reveal, the class table's vote: each screen in its own language.
"""

import re
import time
import urllib.parse

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from quitlok.actions import Bet, StakeBank, describe
from quitlok.classroom import HAND_VALUE
from quitlok.game import CLASS, action_label
from quitlok.i18n import _, use
from quitlok.narration import sentences
from quitlok.practice import COMPUTER_NAMES
from quitlok.rooms import Rooms, RoomView
from quitlok.rules import QUITLOK
from tests.e2e.conftest import IDLE, open_app, wait_for_app
from tests.e2e.test_classroom_browser import (  # noqa: F401 (fixtures)
    FOLLOW,
    choose_kind,
    classes,
    contexts,
    shots,
    start_session,
    wait_for_question,
)
from tests.i18n.mixed import foreign
from tests.i18n.test_mixed_table import move

pytestmark = pytest.mark.e2e

GRANDMOTHER, GRANDSON = "סבתא", "Dov"
#: the page's main part as a person reads it: a Material icon's name (drawn as a picture) and program text (`code`, a
#: command to type, as tests/i18n/visible.py lets it stay) left out, and the invisible isolates round each name
MAIN_JS = """() => {
  const main = document.querySelector('[data-testid="stMain"]');
  if (!main) return '';
  for (const icon of main.querySelectorAll('[data-testid="stIconMaterial"], span[role="img"][translate="no"]'))
    icon.textContent = '';
  for (const icon of main.querySelectorAll('span, i, div'))  // an icon drawn by the Material font: its name
    if (!icon.children.length && getComputedStyle(icon).fontFamily.includes('Material')) icon.textContent = '';
  let words = main.innerText;
  for (const code of main.querySelectorAll('code')) words = words.replace(code.innerText, ' ');
  return words;
}"""
LOG_JS = "key => document.querySelector('#' + key + ' .ql-log-now')?.innerText ?? ''"
HTML_JS = "() => [document.documentElement.lang, document.documentElement.dir]"
UNSEEN = dict.fromkeys(map(ord, "\u2060\u2066\u2067\u2068\u2069"))
DIRECTION = {"en": "ltr", "he": "rtl", "cs": "ltr"}


def read(page: Page, script: str, arg=None) -> str:
    try:
        return (page.evaluate(script, arg) if arg is not None else page.evaluate(script)).translate(UNSEEN)
    except PlaywrightError:  # the page is being drawn anew
        return ""


def wait_until(condition, what: str, timeout: float = FOLLOW / 1000) -> None:
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            pytest.fail(f"waited {timeout:.0f} s for {what}")
        time.sleep(0.2)


def shows(page: Page, words: str, what: str) -> None:
    """Wait until `page` shows `words` (its text as read); fail with what it shows instead."""
    end = time.monotonic() + FOLLOW / 1000
    while words not in read(page, MAIN_JS):
        if time.monotonic() > end:
            pytest.fail(f"waited for {what}: {words!r} is not in\n{read(page, MAIN_JS)[:3000]}")
        time.sleep(0.2)


def in_its_language(page: Page, language: str, names, what: str) -> str:
    """The page says its language and direction, and shows nothing of another language; returns its text."""
    wait_until(lambda: page.evaluate(HTML_JS) == [language, DIRECTION[language]], f"{what} in {language}")
    page.wait_for_selector(IDLE, timeout=FOLLOW)
    text = read(page, MAIN_JS)
    found = foreign(text, language, names)
    assert not found, f"{what} ({language}) shows words of another language: {found[:12]}\n{text[:3000]}"
    assert page.locator("[data-testid='stException']").count() == 0, text
    return text


# --- (a) a family's room ------------------------------------------------------------------------------------




def room_token(page: Page, code: str) -> str:
    keys = page.evaluate("() => JSON.parse(localStorage.getItem('quitlok.seats') || '{}')")
    return (keys.get(f"room:{code}") or [None])[0]


def press(page: Page, view: RoomView, action, language: str) -> None:
    """The person presses the move's button on a page in `language`: its words are the move's in that language."""
    name = type(action).__name__.lower()  # the button's key: together.do.<move>.<version> (the stake: no version)
    where = (".st-key-together-do-stakebank" if isinstance(action, StakeBank) else
             f"[class*='st-key-together-do-{name}-']")
    button = page.locator(f"{where} button:not([disabled])").first
    button.wait_for(timeout=FOLLOW)
    if not isinstance(action, Bet):
        with use(language):
            label = action_label(view.state, action)
        expect(button).to_have_text(re.compile(re.escape(label)))
    button.click()


def shows_latest(page: Page, rooms: Rooms, code: str, token: str | None, language: str) -> None:
    """The page's log has the room's latest line, worded in `language` for the page's seat (None: an onlooker)."""
    def latest() -> bool:
        view = rooms.view(code, token) if token else rooms.watch(code)
        with use(language):
            last = sentences(view.events, view.players, view.seat)[-1]
        return last in read(page, LOG_JS, "together-log")

    wait_until(latest, f"{page.url} to show the room's latest move in {language}")


def test_a_room_with_a_hebrew_an_english_and_a_czech_device(contexts, app_url, rooms, shots):  # noqa: F811
    grandmother = contexts(viewport={"width": 1300, "height": 1500}, locale="en-US")  # Hebrew by her own choice
    open_app(grandmother, f"{app_url}/together?rules=quitlok&lang=he")
    grandmother.locator(".st-key-together-host_name input").fill(GRANDMOTHER)
    grandmother.locator(".st-key-together-computers input").fill("1")
    grandmother.locator(".st-key-together-computers input").press("Enter")
    wait_for_app(grandmother)
    grandmother.locator(".st-key-together-create button").first.click()
    wait_for_app(grandmother)
    code = grandmother.locator(".ql-room-code b")
    code.wait_for(timeout=FOLLOW)
    code = code.inner_text().strip()
    names = (GRANDMOTHER, GRANDSON, *COMPUTER_NAMES, code)
    wait_until(lambda: urllib.parse.parse_qs(urllib.parse.urlsplit(grandmother.url).query) == {
        "room": [code], "lang": ["he"]}, f"the room's code and her language in the address: {grandmother.url}")
    in_its_language(grandmother, "he", names, "the host's lobby")

    grandson = contexts(viewport={"width": 1300, "height": 1500}, locale="en-GB")  # his browser's English
    open_app(grandson, f"{app_url}/together?room={code}")
    grandson.locator(".st-key-together-join_name input").fill(GRANDSON)
    grandson.locator(".st-key-together-join button").first.click()
    wait_for_app(grandson)
    wait_until(lambda: room_token(grandson, code), "his browser to keep his seat's key")
    in_its_language(grandson, "en", names, "the guest's lobby")
    wait_until(lambda: len(rooms.about(code).players) == 3, "two people and a computer at the table")
    grandmother.locator(".st-key-together-start button").first.click()
    wait_for_app(grandmother)
    wait_until(lambda: rooms.about(code).started, "the game to start")

    projector = contexts(viewport={"width": 1400, "height": 1500}, locale="cs-CZ")
    open_app(projector, f"{app_url}/together?room={code}&lang=cs")  # no seat: it watches
    tokens = {"he": room_token(grandmother, code), "en": room_token(grandson, code)}
    pages = {"he": grandmother, "en": grandson}

    for _step in range(60):  # a hand played through, each person on a page in their own language
        views = {language: rooms.view(code, token) for language, token in tokens.items()}
        if any(v.hands_finished or v.over for v in views.values()):
            break
        language = next((language for language, v in views.items() if v.legal), None)
        if language is None:
            time.sleep(0.3)
            continue
        view = views[language]
        shows_latest(pages[language], rooms, code, tokens[language], language)
        press(pages[language], view, move(view), language)
        wait_until(lambda v=view: rooms.version(code) > v.version, "the move to reach the room")
    else:
        pytest.fail("no hand ended")

    screens = [(grandmother, "he", tokens["he"]), (grandson, "en", tokens["en"]), (projector, "cs", None)]
    for again in (False, True):
        if again:  # a reload keeps each device's language
            for page, _language, _token in screens:
                page.reload()
                page.wait_for_selector(IDLE, timeout=60_000)
        for page, language, token in screens:
            shows_latest(page, rooms, code, token, language)  # every move reached every page
            in_its_language(page, language, names, "the table" + (" after a reload" if again else ""))
            page.screenshot(path=shots / f"mixed-room-{language}{'-reloaded' if again else ''}.png")
            log = read(page, "() => document.querySelector('#together-log')?.innerText ?? ''")
            view = rooms.view(code, token) if token else rooms.watch(code)
            with use(language):
                said = sentences(view.events, view.players, view.seat)
            if token is not None:  # each seat reads its own moves as "you", the others' by name
                me = view.players[view.seat]
                assert me not in log, f"{me}'s own log names her or him, in {language}:\n{log}"
                assert [line for line in said if me in line] == []
            else:  # the projector reads every seat by name
                assert GRANDMOTHER in log or GRANDSON in log, log
    assert "lang=cs" in projector.url and "lang=he" in grandmother.url and "lang" not in grandson.url


# --- (b) a class session ---------------------------------------------------------------------------------


def answer(phone: Page, field: str, option: int) -> None:
    phone.locator(f"{field} [data-testid='stRadioOption']").nth(option).click()
    expect(phone.locator(f"{field} input[type='radio']").nth(option)).to_be_checked(timeout=FOLLOW)
    phone.locator(".st-key-class-send button").click()
    wait_for_app(phone)


def test_a_class_session_with_each_screen_in_its_own_language(contexts, app_url, classes, shots):  # noqa: F811
    teacher = contexts(viewport={"width": 1280, "height": 1400}, locale="en-US")
    code, key = start_session(teacher, app_url)
    link = f"{app_url}/classroom?class={code}"
    projector = contexts(viewport={"width": 1280, "height": 900})
    open_app(projector, f"{link}&screen=projector&lang=cs")
    pupils = {"he": ("נועה", contexts(viewport={"width": 390, "height": 1400}, locale="he-IL")),
              "en": ("Avi", contexts(viewport={"width": 390, "height": 1400}, locale="en-US"))}
    for nickname, phone in pupils.values():
        open_app(phone, link)
        phone.locator(".st-key-class-nickname input").fill(nickname)
        phone.locator(".st-key-class-join button").click()
        wait_for_app(phone)
        expect(phone.locator(".ql-pupil-line bdi")).to_have_text(nickname, timeout=FOLLOW)
    names = ("נועה", "Avi", code, *COMPUTER_NAMES)
    screens = [(teacher, "en", "the teacher's screen"), (projector, "cs", "the projector"),
               (pupils["he"][1], "he", "the Hebrew pupil's phone"),
               (pupils["en"][1], "en", "the English pupil's phone")]

    # a question, answered on the phones and revealed
    choose_kind(teacher, HAND_VALUE)
    teacher.get_by_role("button", name="Next question").click()
    wait_for_app(teacher)
    for _nickname, phone in pupils.values():
        answer(phone, wait_for_question(phone, code, 0), 0)
    wait_until(lambda: classes.pulse(code).answered == 2, "both answers")
    for page, language, what in screens:
        with use(language):
            title = classes.view(code, key).round.question.title
        shows(page, title, f"{what} to show the question in {language}")
        in_its_language(page, language, names, what + ", a question open")
    teacher.get_by_role("button", name="Reveal the answer").click()
    wait_for_app(teacher)
    for page, language, what in screens:
        with use(language):
            answer_words = classes.view(code, key).round.question.answer_text
        shows(page, answer_words, f"{what} to show the answer in {language}")
        in_its_language(page, language, names, what + ", the answer revealed")

    # the class table and its vote
    teacher.get_by_role("button", name="Start a class table").click()
    wait_for_app(teacher)
    table = classes.view(code, key).table
    assert table is not None and table.players[0] == CLASS
    if not table.legal:
        pytest.skip("the class is not to act at this deal")  # pragma: no cover - the class seat acts first
    teacher.get_by_role("button", name="Open a vote on the class's move").click()
    wait_for_app(teacher)
    number = classes.view(code, key).round_number
    for page, language, what in screens:
        with use(language):
            options = classes.view(code, key).round.options
            heading = _("The class's move")
        for option in options:
            shows(page, option, f"{what} to show the vote in {language}")
        text = in_its_language(page, language, names, what + ", the vote open")
        assert heading in text or page is teacher, f"{what}: {heading!r}"
    for _nickname, phone in pupils.values():
        answer(phone, f".st-key-class-vote-{number}", 0)
    wait_until(lambda: classes.pulse(code).answered == 2, "both votes")
    teacher.get_by_role("button", name="Close the vote").click()
    wait_for_app(teacher)
    # (on a loaded machine the press's run may end after wait_for_app's patience: CI read the vote still open)
    wait_until(lambda: classes.view(code, key).round.vote.chosen is not None, "the vote to close")
    session = classes.view(code, key)
    assert session.round.vote.chosen == 0
    for page, language, what in screens:
        with use(language):
            chosen = describe(session.round.vote.actions[0], QUITLOK.aluvun_word)
        shows(page, chosen, f"{what} to show the move chosen in {language}")
        text = in_its_language(page, language, names, what + ", the vote closed")
        page.screenshot(path=shots / f"mixed-class-{what.replace(' ', '-').replace(chr(39), '')}.png")
        assert "The class" not in text or language == "en", f"{what}: the class named in English"
        assert CLASS not in text, f"{what}: the key of the class's seat shown as it is"
    for page, language, what in screens[1:3]:  # a reload keeps the projector's Czech and the phone's Hebrew
        page.reload()
        page.wait_for_selector(IDLE, timeout=60_000)
        in_its_language(page, language, names, what + " after a reload")
