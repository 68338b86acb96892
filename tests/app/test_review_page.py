"""The Review page with a fake clock: positions where a decision cost chips come back when due, costliest
first; a right answer pushes the next showing out (1, 3, 7, 14 days), a wrong one back to the next day;
the exact values are shown after each answer; this week's cost against last week's."""

import pytest

from quitlok.progress import DAY, REVIEW_DAYS, Mistake, Progress
from quitlok.ui import progress as learner
from tests.app.conftest import ISOLATES, as_read, open_page, texts

NOW = 1_800_000_000.0


def mistake(cost: float, made: float) -> Mistake:
    return Mistake(made=made, rules="Quitlok", hand=(10, 6), seen=(4, 9), stake=2, room=8,
                   options=(("Stay", 0.25), ("Blot (free face-up card)", 0.25 - cost), ("Bet 8", -0.5)),
                   chosen="Blot (free face-up card)")


@pytest.fixture
def clock(monkeypatch):
    now = [NOW]
    monkeypatch.setattr(learner, "CLOCK", lambda: now[0])
    return now


def review(app, kept: Progress):
    app.session_state["progress"] = kept
    return open_page(app, "pages/review.py")


def answer(at, label: str):
    options = [option.translate(ISOLATES) for option in at.radio(key="review.choice").options]
    at.radio(key="review.choice").set_value(options.index(label)).run()
    at.button(key="review.check").click().run()
    assert not at.exception
    return at


def test_with_nothing_kept_the_page_says_how_mistakes_get_here(app, clock):
    at = open_page(app, "pages/review.py")
    assert "No mistakes kept yet" in texts(at)


def test_mistakes_come_back_when_due_costliest_first_and_move_out_when_right(app, clock):
    kept = Progress().with_decision(mistake(0.4, NOW - 3 * DAY), NOW - 3 * DAY) \
        .with_decision(mistake(1.5, NOW - 2 * DAY), NOW - 2 * DAY)
    at = review(app, kept)
    assert "Position 1 of 2 due" in texts(at) and "it cost you 1.50 chips" in texts(at)
    answer(at, "Stay")
    assert at.success and "best play" in at.success[0].value
    table = at.table[0].value
    assert [as_read(move) for move in table["Move"]] == ["Stay", "Blot (free face-up card)", "Bet 8"]
    assert list(table["Chips on average"]) == [0.25, pytest.approx(-1.25), -0.5]
    at.button(key="review.next").click().run()
    after = at.session_state["progress"]
    moved = next(m for m in after.mistakes if m.made == NOW - 2 * DAY)
    assert moved.streak == 1 and moved.due == NOW + REVIEW_DAYS[1] * DAY
    assert "Position 1 of 1 due" in texts(at) and "it cost you 0.40 chips" in texts(at)
    answer(at, "Bet 8")  # wrong
    assert at.warning and "the best play here is **Stay**" in as_read(at.warning[0].value)
    at.button(key="review.next").click().run()
    back = next(m for m in at.session_state["progress"].mistakes if m.made == NOW - 3 * DAY)
    assert back.streak == 0 and back.due == NOW + REVIEW_DAYS[0] * DAY
    assert "Nothing is due for review now" in texts(at)

    clock[0] = NOW + REVIEW_DAYS[0] * DAY  # the next day: the wrong one is back, the right one not yet
    at.run()
    assert "Position 1 of 1 due" in texts(at) and "0.40 chips" in texts(at)
    clock[0] = NOW + REVIEW_DAYS[1] * DAY
    at.run()
    assert "Position 1 of 2 due" in texts(at)


def test_this_weeks_cost_against_last_weeks(app, clock):
    kept = Progress().with_decision(mistake(2.0, NOW - 9 * DAY), NOW - 9 * DAY) \
        .with_decision(mistake(0.5, NOW - DAY), NOW - DAY)
    at = review(app, kept)
    shown = {m.label: (m.value, m.delta) for m in at.metric}
    assert shown["Chips your mistakes cost this week"] == ("0.50", "-1.50 on last week")
    assert shown["Positions kept"][0] == "2"
