"""The real app in headless Chromium: every page renders, and a learner plays a hand."""

import re

import pytest

from tests.app.test_pages import LISTED
from tests.e2e.conftest import BUTTON_MS, click, has_button, open_app, wait_for_app

pytestmark = pytest.mark.e2e

PATHS = ["" if name == "home" else name for name in (re.sub(r"pages/|\.py", "", p) for p in LISTED)]


@pytest.mark.parametrize("path", PATHS)
def test_every_page_renders_without_an_error(page, app_url, path):
    open_app(page, f"{app_url}/{path}")
    assert page.locator("[data-testid='stException']").count() == 0
    assert page.get_by_text("House rules").count() > 0, "the shared sidebar is there"
    assert page.locator("h1").count() == 1


#: the buttons that move play on at the practice table without betting, in the order a test prefers them
MOVE_ON = ("Next move", "Stay", "Stand", "Keep the bank", "Keep the 11", "Draw a card")


def start_a_game(page, url) -> None:
    open_app(page, f"{url}/play")
    page.get_by_role("button", name="Start a new game").click()
    page.wait_for_selector("text=What happened", timeout=30_000)


def move_on(page) -> None:
    """One step of play: stake the opening bank when the bank comes to you, else the first of MOVE_ON."""
    stake = page.get_by_role("button", name=re.compile(r"^Stake a bank of \d+$"))
    if stake.count():
        stake.click()
        wait_for_app(page, BUTTON_MS)
        return
    for name in MOVE_ON:
        # the button's name, after the words of its icon where it has one ("play_arrow Next move")
        # (an open one: the bar draws the moves not open now disabled, as Stand for a Kvitlach banker below 17)
        button = page.get_by_role("button", name=re.compile(rf"^(\w+ )?{re.escape(name)}$"), disabled=False)
        if button.count():
            button.first.click()
            wait_for_app(page, BUTTON_MS)
            return
    bet = page.get_by_role("button", name=re.compile(r"^Bet \d+$"))
    if bet.count():  # Kvitlach: a player bets before he may stay, so a bet may be the only move
        bet.first.click()
        wait_for_app(page, BUTTON_MS)


def play_to_the_end_of_a_hand(page, *, bet: bool) -> str:
    """Play until the hand-over panel shows (betting once, if asked); returns the panel's text. On the way,
    the learner's own face-down card shows its number to the learner."""
    panel = page.locator(".ql-hand-over")
    own_card_seen = False
    for _ in range(200):
        own_card_seen = own_card_seen or page.locator("img[alt*='only you see it']").count() >= 1
        if panel.count() and "is over:" in panel.inner_text():
            assert own_card_seen, "the learner saw their own card"
            return panel.inner_text()
        bet_button = page.get_by_role("button", name=re.compile(r"^Bet \d+$"))
        if bet and bet_button.count():
            bet_button.click()
            wait_for_app(page, BUTTON_MS)
            bet = False
            continue
        move_on(page)
    pytest.fail("no hand ended within 200 clicks")


def test_a_learner_plays_a_hand_and_sees_its_result(page, app_url):
    start_a_game(page, app_url)
    text = play_to_the_end_of_a_hand(page, bet=True)
    # "...is over: you won 2 with 19; ..." or, when the banker settled twice, "...is over: at the 1st settlement..."
    assert re.search(r"Hand \d+ of (\w+'s|your) bank is over: (you |at the 1st settlement )", text)
    assert re.search(r"(won|lost|bust|21|threw|did not play|retired|had no turn|sat out)", text)
    assert page.locator(".ql-hand-over img.ql-card").count() >= 1, "each seat's cards as the hand ended"
    assert page.locator("[data-testid='stException']").count() == 0


def test_the_end_of_a_hand_on_a_phone(browser, app_url):
    """At 400 px the seats stand in one column and the hand-over panel fits the screen."""
    context = browser.new_context(viewport={"width": 400, "height": 900})
    page = context.new_page()
    try:
        start_a_game(page, app_url)
        text = play_to_the_end_of_a_hand(page, bet=False)
        assert " is over: you " in text or " is over: at the 1st settlement " in text
        panel = page.locator(".ql-hand-over").bounding_box()
        assert panel["x"] >= 0 and panel["x"] + panel["width"] <= 400, "the panel fits the screen"
        seats = page.locator(".ql-seat")
        boxes = [seats.nth(i).bounding_box() for i in range(seats.count())]
        assert len({round(box["x"]) for box in boxes}) == 1, "one column of seats"
        assert all(box["x"] + box["width"] <= 400 for box in boxes)
        assert page.locator("[data-testid='stException']").count() == 0
    finally:
        context.close()


def test_the_advisor_explains_six_and_five(page, app_url):
    open_app(page, f"{app_url}/advisor")
    click(page, "6 · 2 left")
    click(page, "5 · 2 left")
    page.wait_for_selector(".ql-bars", timeout=30_000)
    assert page.get_by_role("heading", name="Call aluvun, then take a blot").count() == 1
    body = page.locator("[data-testid='stMain']").inner_text()
    assert "2 of the 22 unseen cards would bust you" in body
    assert "from 9.1% to 0.43%" in body
    assert page.locator(".ql-bars").count() == 2
    assert page.locator("[data-testid='stException']").count() == 0


def test_the_hint_button_at_the_table(page, app_url):
    start_a_game(page, app_url)
    for _ in range(100):
        if page.get_by_role("heading", name="Your turn", exact=True).count():
            break
        stake = page.get_by_role("button", name=re.compile(r"^Stake a bank of \d+$"))
        if stake.count():
            stake.click()
            wait_for_app(page)
            continue
        for name in ("Skip to my turn", "Stand", "Keep the bank", "Draw a card", "Next move"):
            if has_button(page, name):
                click(page, name)
                break
    click(page, "Hint: what does the advisor say?")
    assert page.locator(".st-key-play-hint-panel").inner_text().startswith("Best now:")


@pytest.mark.alone
def test_a_class_opening_the_app_at_once(browser, fresh_app_url):
    """Eight learners open the advisor at the same moment on a fresh server: no import race, no error."""
    contexts = [browser.new_context(viewport={"width": 1200, "height": 900}) for _ in range(8)]
    pages = [context.new_page() for context in contexts]
    for page in pages:
        page.goto(f"{fresh_app_url}/advisor?hand=6,5", wait_until="commit")
    try:
        for page in pages:
            # eight first loads share two cores: on a busy machine they take about a minute
            page.wait_for_selector(".ql-bars", timeout=120_000)
            assert page.locator("[data-testid='stException']").count() == 0
            assert "from 9.1% to 0.43%" in page.locator("[data-testid='stMain']").inner_text()
            assert page.get_by_text("House rules").count() > 0, "a deep link on a fresh server runs through the app"
    finally:
        for context in contexts:
            context.close()


def complete_first_lesson(page, app_url) -> str:
    """A learner opens the lessons and does step 1: bets as suggested, lets the others play, answers the
    check; returns the page's main text at the end."""
    open_app(page, f"{app_url}/lessons")
    assert page.get_by_role("heading", name="1. The pack and its framed cards").count() == 1
    card = page.locator("img[alt='your card: framed 2, face down, only you see it']").locator("visible=true")
    card.first.wait_for(timeout=30_000)  # st.html may draw a moment after the heading on a busy machine
    assert card.count() == 1
    click(page, "Bet 2")  # the chips box starts at the suggested bet
    body = page.locator("[data-testid='stMain']")
    for _ in range(10):  # the others play to the end of the hand
        if "Two framed cards make 21" in body.inner_text() or not has_button(page, "Let the others play"):
            break
        click(page, "Let the others play")
    assert "Two framed cards make 21" in body.inner_text()
    page.get_by_text("The 2s and the 11s").click()
    wait_for_app(page)
    click(page, "Check my answer")
    return body.inner_text()


def test_a_learner_completes_the_first_lesson(page, app_url):
    text = complete_first_lesson(page, app_url)
    assert "Four framed cards in all" in text and "Step done!" in text
    assert "Step 1 of 12 · 1 done" in text
    assert page.locator("[data-testid='stException']").count() == 0


#: the note under the table after a decision of the learner's as a player (priced, and kept with the progress)
PLAYER_NOTE = re.compile(r"the best play here\.|chips worse on average than the best play,")


def play_to_a_priced_decision(page, clicks: int = 300) -> bool:
    """Play on until the learner has made a decision as a player, the kind that changes the progress; False
    if none came within `clicks` (a learner out of chips watches the computers play on)."""
    for _ in range(clicks):
        move_on(page)
        if page.get_by_text(PLAYER_NOTE).count():
            return True
    return False


def test_a_decision_after_a_new_game_is_kept_without_an_error(page, app_url):
    """Issue 21 item 8a: a red StreamlitInvalidLayoutContextError at a Kvitlach table after a decision. The
    table (an st.fragment) saves the progress in the sidebar only when a decision changed it; a full run of the
    page that changed nothing (starting a new game) left it no place there, so the next decision failed."""
    open_app(page, f"{app_url}/play?rules=kvitlach")
    page.get_by_role("button", name="Start a new game").click()
    page.wait_for_selector("text=What happened", timeout=30_000)
    assert "Playing: Kvitlach" in page.locator("[data-testid='stSidebar']").inner_text()
    for _ in range(3):  # a game in which the learner soon has no chip left brings no decision: a new one
        if play_to_a_priced_decision(page, 100):
            break
        if not page.get_by_role("button", name="Start a new game", exact=True).is_visible():
            page.get_by_text("New game", exact=True).first.click()
            wait_for_app(page)
        click(page, "Start a new game")
    else:
        pytest.fail("no decision of the learner's as a player in three games")
    for _ in range(3):  # a new game in which the learner soon has no chip left brings no decision: another
        if not page.get_by_role("button", name="Start a new game", exact=True).is_visible():
            page.get_by_text("New game", exact=True).first.click()  # the fold that holds it
            wait_for_app(page)
        click(page, "Start a new game")  # a full run of the page that changes no progress
        assert page.locator("[data-testid='stException']").count() == 0
        if play_to_a_priced_decision(page, 100):
            break
    else:
        pytest.fail("no decision of the learner's as a player in three new games")
    assert page.locator("[data-testid='stException']").count() == 0, \
        page.locator("[data-testid='stException']").all_inner_texts()
