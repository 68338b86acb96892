"""quitlok.progress: the learner's progress round-trips through its saved form and its share code; an old,
damaged or mistyped save is refused with ProgressError; mistakes come back on the spaced schedule."""

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quitlok.progress import (
    DAY,
    MAX_MISTAKES,
    MISTAKE_THRESHOLD,
    QUIZ_MEMORY,
    REVIEW_DAYS,
    VERSION,
    LessonRecord,
    Mistake,
    Progress,
    ProgressError,
    decision,
)
from quitlok.stock import Stock

NOW = 1_800_000_000.0

cards = st.integers(1, 12)
labels = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=12)


@st.composite
def mistakes(draw) -> Mistake:
    options = draw(st.lists(st.tuples(labels, st.floats(-40, 40, allow_nan=False).map(lambda v: round(v, 6))),
                            min_size=1, max_size=5, unique_by=lambda o: o[0]))
    seen = tuple(draw(st.lists(cards, max_size=12)))
    under = tuple(sorted(draw(st.lists(st.sampled_from(seen), max_size=len(seen), unique=True)))) if seen else ()
    stock = draw(st.none() | st.builds(Stock, st.integers(0, 40), st.just(under)))
    return Mistake(made=draw(st.floats(0, 4e9, allow_nan=False)), rules=draw(labels),
                   hand=tuple(draw(st.lists(cards, min_size=1, max_size=6))),
                   seen=seen, stake=draw(st.integers(0, 100)),
                   room=draw(st.integers(0, 100)), options=tuple(options),
                   chosen=draw(st.sampled_from([label for label, _ in options])),
                   streak=draw(st.integers(0, 6)), due=draw(st.floats(0, 4e9, allow_nan=False)), stock=stock)


progresses = st.builds(
    Progress,
    lessons=st.dictionaries(labels, st.builds(LessonRecord, st.booleans(),
                                              st.none() | st.floats(0, 100, allow_nan=False),
                                              st.none() | st.integers(0, 5)), max_size=12),
    quiz=st.dictionaries(labels, st.lists(st.booleans(), min_size=1, max_size=QUIZ_MEMORY).map(tuple), max_size=8),
    decisions=st.integers(0, 10_000),
    mistakes=st.lists(mistakes(), max_size=6).map(tuple),
    cost_by_day=st.dictionaries(st.integers(0, 40_000), st.floats(0, 500, allow_nan=False), max_size=14),
)


@settings(max_examples=200, deadline=None)
@given(progresses)
def test_progress_round_trips_through_its_save_and_its_share_code(progress):
    assert Progress.from_json(progress.to_json()) == progress
    assert Progress.from_share_code(progress.share_code()) == progress


def a_mistake(cost: float = 1.0, made: float = NOW) -> Mistake:
    return Mistake(made=made, rules="Quitlok", hand=(10, 6), seen=(4,), stake=2, room=8,
                   options=(("Stay", 0.5), ("Blot", 0.5 - cost)), chosen="Blot")


def test_a_lesson_quiz_and_practice_are_remembered():
    p = Progress().with_lesson("01_pack", guess=12).with_lesson("01_pack", done=True, answer=2)
    assert p.lessons["01_pack"] == LessonRecord(done=True, guess=12, answer=2)
    for right in [True] * QUIZ_MEMORY + [False]:
        p = p.with_quiz_answer("Blots", right)
    assert len(p.quiz["Blots"]) == QUIZ_MEMORY and p.mastery("Blots") == pytest.approx(0.9)
    assert p.mastery("Framed cards") is None
    p = p.with_decision(None, NOW).with_decision(a_mistake(0.01), NOW)
    assert (p.decisions, p.mistakes) == (2, ()), "a cheap slip is not kept as a mistake"


def test_mistakes_come_back_on_the_spaced_schedule():
    p = Progress().with_decision(a_mistake(1.0), NOW)
    (m,) = p.mistakes
    assert m.best == "Stay" and m.cost == pytest.approx(1.0) and m.due == NOW + REVIEW_DAYS[0] * DAY
    assert p.due(NOW) == () and p.due(NOW + DAY) == (m,)
    later = NOW + DAY
    for streak, days in enumerate(REVIEW_DAYS[1:] + REVIEW_DAYS[-1:], start=1):
        p = p.reviewed(m.made, right=True, now=later)
        assert p.mistakes[0].streak == streak and p.mistakes[0].due == later + days * DAY
    p = p.reviewed(m.made, right=False, now=later)
    assert p.mistakes[0].streak == 0 and p.mistakes[0].due == later + REVIEW_DAYS[0] * DAY
    with pytest.raises(ProgressError):
        p.reviewed(12345.0, right=True, now=later)


def test_the_costliest_and_most_overdue_come_first_and_only_the_costliest_are_kept():
    p = Progress()
    for i in range(MAX_MISTAKES + 5):
        p = p.with_decision(a_mistake(cost=0.1 + i / 100, made=NOW + i), NOW + i)
    assert len(p.mistakes) == MAX_MISTAKES
    assert min(m.cost for m in p.mistakes) == pytest.approx(0.1 + 5 / 100)
    due = p.due(NOW + 10 * DAY)
    assert [m.cost for m in due] == sorted((m.cost for m in due), reverse=True)


def test_this_weeks_cost_against_last_weeks():
    p = Progress().with_decision(a_mistake(2.0, NOW - 9 * DAY), NOW - 9 * DAY)
    p = p.with_decision(a_mistake(0.5, NOW - DAY), NOW - DAY).with_decision(a_mistake(0.25, NOW), NOW)
    assert p.week_costs(NOW) == pytest.approx((0.75, 2.0))
    assert p.week_costs(NOW + 30 * DAY) == (0, 0)


def test_answers_on_review_are_judged_against_the_best_play():
    m = a_mistake()
    assert m.is_right("Stay") and not m.is_right("Blot")
    with pytest.raises(ProgressError):
        m.is_right("Bet 3")


@pytest.mark.parametrize("text, words", [
    ("", "not readable"),
    ("{not json", "not readable"),
    ("[]", "not a Quitlok progress"),
    (json.dumps({"format": "something else", "version": VERSION}), "not a Quitlok progress"),
    (json.dumps({"format": "quitlok-progress", "version": 0}), "another version"),
    (json.dumps({"format": "quitlok-progress", "version": VERSION + 1}), "later version"),
    (json.dumps({"format": "quitlok-progress", "version": VERSION}), "damaged"),
])
def test_an_old_or_damaged_save_is_refused_saying_why(text, words):
    with pytest.raises(ProgressError, match=words):
        Progress.from_json(text)


@pytest.mark.parametrize("damage", [
    lambda d: d["lessons"].update({"01_pack": [True, "twelve", None]}),
    lambda d: d["quiz"].update({"Blots": [1, 2]}),
    lambda d: d.update(decisions=-1),
    lambda d: d.update(decisions=10**100),
    lambda d: d["mistakes"][0].__setitem__(2, [13]),
    lambda d: d["mistakes"][0].__setitem__(7, "Bet 99"),
    lambda d: d["mistakes"][0].__setitem__(6, []),
    lambda d: [d["mistakes"][0].pop() for _ in range(2)],  # one fewer is a save from before the stock was kept
    lambda d: d["cost_by_day"].update({"yesterday": 1.0}),
])
def test_a_save_damaged_in_any_part_is_refused(damage):
    data = json.loads(Progress().with_lesson("01_pack", done=True).with_quiz_answer("Blots", True)
                      .with_decision(a_mistake(), NOW).to_json())
    damage(data)
    with pytest.raises(ProgressError, match="damaged"):
        Progress.from_json(json.dumps(data))


def test_a_mistyped_or_cut_code_is_refused_saying_why():
    code = Progress().with_lesson("01_pack", done=True).with_decision(a_mistake(), NOW).share_code()
    assert code.startswith("QL1-") and len(code) < 400
    assert Progress.from_share_code(f"  {code[:30]}\n{code[30:]} ") == Progress.from_share_code(code)
    for bad, words in ((code[4:], "starts with QL1-"), (code[:-6], "incomplete or mistyped"),
                       (code[:20] + ("A" if code[20] != "A" else "B") + code[21:], "incomplete or mistyped"),
                       ("QL1-@@@@", "characters"), (code[:12] + "!" + code[12:], "characters"), ("QL1-", "incomplete")):
        with pytest.raises(ProgressError, match=words):
            Progress.from_share_code(bad)


@pytest.mark.parametrize("seed", range(6))
def test_a_decision_at_the_table_is_kept_as_the_position_the_player_saw(seed):
    from quitlok.coach import coach
    from quitlok.game import action_label
    from quitlok.practice import start_table
    from quitlok.rules import QUITLOK

    table = start_table(QUITLOK, computers=3, seat=0, chips=20, bank=10, seed=seed).skip_to_human()
    state = table.state
    coaching = coach(state, table.banker_stands_on)
    if coaching is None:
        pytest.skip("the learner banks at this deal")
    worst = min(coaching.values, key=coaching.values.get)
    kept = decision(state, coaching, worst, NOW)
    assert kept.hand == tuple(state.hands[0]) and kept.seen == tuple(state.seen_by(0))
    assert kept.stock == Stock.of(state), "priced across this stock's reshuffle, Review keeps it"
    assert (kept.stake, kept.room, kept.rules) == (state.stakes[0], state.bet_room(0), "Quitlok")
    assert kept.chosen == action_label(state, worst) and kept.is_right(action_label(state, coaching.best))
    assert kept.cost == pytest.approx(coaching.cost(worst), abs=1e-5)
    assert set(kept.hand) | set(kept.seen) <= set(range(1, 13)), "only cards the player could see"
    assert Progress().with_decision(kept, NOW).mistakes == ((replace(kept, due=NOW + DAY),)
                                                          if kept.cost > MISTAKE_THRESHOLD else ())


def test_a_save_from_before_the_stock_was_kept_still_loads_without_one():
    saved = json.loads(Progress(mistakes=(a_mistake(),)).to_json())
    assert saved["mistakes"][0][10] is None
    saved["version"], saved["mistakes"][0] = 1, saved["mistakes"][0][:10]  # as saved before issue 21 (version 1)
    loaded = Progress.from_json(json.dumps(saved))
    assert loaded.mistakes == (a_mistake(),) and loaded.mistakes[0].stock is None
    kept = replace(a_mistake(), stock=Stock(1, (4,)))
    assert Progress.from_json(Progress(mistakes=(kept,)).to_json()).mistakes == (kept,)
    saved["mistakes"][0] = [*saved["mistakes"][0], [1, [5]]]  # under the stock, yet not seen
    with pytest.raises(ProgressError, match="damaged"):
        Progress.from_json(json.dumps(saved))
