"""quitlok.progress, issue 22: every save and code has a size, a depth and bounded numbers, checked before
anything is unpacked or parsed; a save of version 1 (both of its layouts, from the git history of
quitlok/progress.py) is migrated; a later version's save is refused as such (the app keeps it aside); a
damaged save keeps what is readable; two copies merge with nothing lost and nothing counted twice."""

import base64
import hashlib
import json
import time
import zlib
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quitlok.errors import ProgressError, ProgressFromLater, ProgressTooLarge
from quitlok.progress import DAY, MAX_CODE, MAX_SAVE, QUIZ_MEMORY, VERSION, LessonRecord, Mistake, Progress
from quitlok.stock import Stock

NOW = 1_800_000_000.0


def mistake(made: float, cost: float = 0.5) -> Mistake:
    return Mistake(made=made, rules="Quitlok", hand=(6, 5), seen=(3,), stake=1, room=1,
                   options=(("Stay", -cost), ("Bet", 0.0)), chosen="Stay")


def code_of(raw: bytes) -> str:
    """A code as share_code makes one, around any bytes already compressed."""
    return "QL1-" + base64.urlsafe_b64encode(hashlib.sha256(raw).digest()[:4] + raw).decode().rstrip("=")


def saved(progress: Progress, **changes) -> str:
    data = json.loads(progress.to_json())
    data.update(changes)
    return json.dumps(data)


# --- sizes ---------------------------------------------------------------------------------------------------


def test_a_huge_code_is_refused_before_it_is_unpacked_quickly_and_in_little_memory():
    import tracemalloc
    code = "QL1-" + "A" * 10_000_000
    tracemalloc.start()
    began = time.process_time()
    with pytest.raises(ProgressTooLarge, match="far longer than any progress code"):
        Progress.from_share_code(code)
    took, (_, peak) = time.process_time() - began, tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert took < 0.5 and peak < 50e6


@pytest.mark.parametrize("unpacked", [MAX_SAVE + 1, 50_000_000])
def test_a_code_that_unpacks_to_more_than_any_save_is_refused_unread(unpacked):
    bomb = code_of(zlib.compress(b" " * unpacked, 9))
    assert len(bomb) <= MAX_CODE, "short enough to be unpacked: the unpacking itself is bounded"
    with pytest.raises(ProgressTooLarge, match="unpacks to far more"):
        Progress.from_share_code(bomb)


def test_a_code_that_is_not_whole_compressed_data_or_has_bytes_after_it_is_refused():
    packed = zlib.compress(Progress().with_lesson("01_pack", done=True).to_json().encode())
    with pytest.raises(ProgressError, match="cannot be unpacked"):
        Progress.from_share_code(code_of(packed[:-6]))
    assert Progress.from_share_code(code_of(packed)).lessons["01_pack"].done


@pytest.mark.parametrize("text", ["[" * 50_000, "{\"a\":" * 30_000, '{"format":' + "[" * 9 + "]" * 9 + "}"],
                         ids=["lists", "objects", "nine"])
def test_deep_nesting_is_refused_before_parsing(text):
    with pytest.raises(ProgressError, match="nested far deeper"):
        Progress.from_json(text)
    with pytest.raises(ProgressError, match="nested far deeper"):
        Progress.from_share_code(code_of(zlib.compress(text.encode(), 9)))


def test_brackets_inside_texts_are_not_nesting():
    kept = Progress().with_lesson('[[[[[[[[[["\\' + "{" * 20, done=True)
    assert Progress.from_json(kept.to_json()) == kept


def test_a_save_larger_than_any_progress_is_refused_unread():
    with pytest.raises(ProgressTooLarge):
        Progress.read(saved(Progress(), padding="x" * MAX_SAVE))


def test_the_largest_progress_the_app_makes_fits():
    kept = Progress()
    for n in range(60):
        kept = kept.with_lesson(f"lesson-{n:02d}-a-long-step-name", done=True, guess=55.5, answer=3)
        kept = kept.with_quiz_answer(f"A topic with a long name {n}", n % 2 == 0)
        kept = kept.with_decision(replace(mistake(NOW + n, 1 + n), seen=tuple(range(1, 13)) * 3 + (1,) * 6,
                                          stock=Stock(40, tuple(range(1, 13)))), NOW + n)
    assert len(kept.to_json()) < MAX_SAVE / 4 and Progress.from_json(kept.to_json()) == kept


@pytest.mark.parametrize("number, part", [
    ("1" * 5000, "decisions"), ("-3", "decisions"), ("NaN", "decisions"), ("Infinity", "decisions"),
    ("1e999", "decisions"), ("2.5", "decisions"), ("true", "decisions"),
], ids=["5000-digits", "negative", "nan", "infinity", "1e999", "fraction", "true"])
def test_a_number_no_save_holds_leaves_out_only_its_part(number, part):
    text = Progress().with_lesson("01_pack", done=True).to_json().replace('"decisions":0', f'"decisions":{number}')
    reading = Progress.read(text)
    assert reading.left_out == (part,) and reading.progress.lessons["01_pack"].done
    with pytest.raises(ProgressError, match="damaged"):
        Progress.from_json(text)


@pytest.mark.parametrize("field, value", [(0, 1e12), (9, 1e12), (9, -1.0), (0, float("nan")), (8, -1), (4, -2),
                                          (6, [["Stay", 1e300], ["Bet", 0]]), (11, 10**11)])
def test_a_mistake_with_a_time_or_count_out_of_range_is_left_out(field, value):
    data = json.loads(Progress(mistakes=(mistake(NOW), mistake(NOW + 1))).to_json())
    data["mistakes"][0][field] = value
    reading = Progress.read(json.dumps(data))
    assert reading.progress.mistakes == (mistake(NOW + 1),) and reading.left_out == ("one of the mistakes",)


# --- versions ----------------------------------------------------------------------------------------------------

#: version 1 as first saved (commit 8dde42a: hands_played, ten fields a mistake) and as saved from issue 21
#: (commit 205382e: eleven fields, the stock last); each to_json copied from `git log -p quitlok/progress.py`
FIRST_V1 = json.dumps({
    "format": "quitlok-progress", "version": 1,
    "lessons": {"01_pack": [True, 40.0, 2], "02_two": [False, None, None]},
    "quiz": {"Blots": [1, 0, 1], "History": [0]},
    "hands_played": 4, "decisions": 7,
    "mistakes": [[NOW, "Quitlok", [6, 5], [3], 1, 1, [["Stay", -0.5], ["Bet", 0.0]], "Stay", 2, NOW + 7 * DAY]],
    "cost_by_day": {str(int(NOW // DAY)): 0.5},
}, separators=(",", ":"))
ISSUE21_V1 = json.dumps({
    "format": "quitlok-progress", "version": 1,
    "lessons": {"01_pack": [True, 40.0, 2]},
    "quiz": {"Blots": [1, 1]},
    "decisions": 3,
    "mistakes": [[NOW, "Quitlok", [6, 5], [3, 4], 1, 1, [["Stay", -0.5], ["Bet", 0.0]], "Stay", 0, NOW + DAY,
                  [9, [4]]]],
    "cost_by_day": {},
}, separators=(",", ":"))


def test_both_layouts_of_version_1_are_migrated():
    first = Progress.from_json(FIRST_V1)
    assert first.lessons["01_pack"] == LessonRecord(True, 40.0, 2) and first.quiz["Blots"] == (True, False, True)
    assert first.quiz_counts == {"Blots": 3, "History": 1} and first.decisions == 7
    assert first.mistakes == (replace(mistake(NOW), streak=2, due=NOW + 7 * DAY, reviews=2),)
    assert first.cost_by_day == {int(NOW // DAY): 0.5}
    later = Progress.from_json(ISSUE21_V1)
    assert later.mistakes[0].stock == Stock(9, (4,)) and later.mistakes[0].reviews == 0
    for old in (first, later):  # saved again in this version, read again the same
        assert json.loads(old.to_json())["version"] == VERSION and Progress.from_json(old.to_json()) == old
    assert Progress.from_share_code(code_of(zlib.compress(FIRST_V1.encode()))) == first


@pytest.mark.parametrize("version", [VERSION + 1, 99])
def test_a_later_versions_save_is_refused_as_later_and_names_its_version(version):
    with pytest.raises(ProgressFromLater, match="later version") as refused:
        Progress.read(saved(Progress().with_lesson("01_pack", done=True), version=version, newer={"x": [1]}))
    assert refused.value.version == version


@pytest.mark.parametrize("version", [0, -1, "2", True, None, 1.5])
def test_a_version_that_never_was_is_refused(version):
    with pytest.raises(ProgressError, match="another version") as refused:
        Progress.read(saved(Progress(), version=version))
    assert not isinstance(refused.value, ProgressFromLater)


def test_a_partly_readable_save_keeps_what_is_readable_and_names_the_rest():
    data = json.loads(Progress().with_lesson("01_pack", done=True).with_lesson("02_two", done=True)
                      .with_quiz_answer("Blots", True).with_decision(mistake(NOW), NOW).to_json())
    data["lessons"]["02_two"] = "done"
    data["quiz"] = [1, 2]
    data["cost_by_day"]["x"] = 1
    reading = Progress.read(json.dumps(data))
    assert set(reading.progress.lessons) == {"01_pack"} and reading.progress.quiz == {}
    assert reading.progress.mistakes == (replace(mistake(NOW), due=NOW + DAY),)
    assert reading.progress.decisions == 1
    assert sorted(reading.left_out) == ["one of the cost by day ('x')", "one of the lessons ('02_two')", "quiz"]


# --- two copies ----------------------------------------------------------------------------------------------

steps = st.lists(st.one_of(
    st.tuples(st.just("lesson"), st.sampled_from(["01_pack", "02_two", "03_bet", "04_stay"])),
    st.tuples(st.just("quiz"), st.sampled_from(["Blots", "History"]), st.booleans()),
    st.tuples(st.just("decision"), st.floats(0, 3)),
    st.tuples(st.just("review"), st.booleans()),
), max_size=25)


def play(progress: Progress, moves, clock: list[float]) -> Progress:
    for move in moves:
        clock[0] += 1000.0
        if move[0] == "lesson":
            progress = progress.with_lesson(move[1], done=True)
        elif move[0] == "quiz":
            progress = progress.with_quiz_answer(move[1], move[2])
        elif move[0] == "decision":
            progress = progress.with_decision(mistake(clock[0], move[1]) if move[1] else None, clock[0])
        elif progress.mistakes:
            progress = progress.reviewed(progress.mistakes[0].made, move[1], clock[0])
    return progress


@settings(max_examples=150, deadline=None)
@given(steps, steps, steps)
def test_two_copies_merge_with_nothing_lost_and_nothing_counted_twice(shared, mine_moves, their_moves):
    base = play(Progress(), shared, clock := [NOW])
    mine = play(base, mine_moves, clock)
    theirs = play(base, their_moves, clock)  # later moments than mine: every mistake its own
    merged = mine.merged(theirs, base)
    assert {s for s, r in merged.lessons.items() if r.done} == \
        {s for p in (mine, theirs) for s, r in p.lessons.items() if r.done}
    assert merged.decisions == mine.decisions + theirs.decisions - base.decisions
    for topic in set(mine.quiz) | set(theirs.quiz):
        count = mine.quiz_counts.get(topic, 0) + theirs.quiz_counts.get(topic, 0) - base.quiz_counts.get(topic, 0)
        assert merged.quiz_counts[topic] == count and len(merged.quiz[topic]) == min(count, QUIZ_MEMORY)
    assert sum(merged.cost_by_day.values()) == pytest.approx(
        sum(mine.cost_by_day.values()) + sum(theirs.cost_by_day.values()) - sum(base.cost_by_day.values()))
    kept = {m.made: m for m in merged.mistakes}
    for m in mine.mistakes + theirs.mistakes:
        assert m.made in kept and kept[m.made].reviews >= m.reviews, "every mistake, at its latest review"
    assert Progress.from_json(merged.to_json()) == merged
    assert mine.merged(mine, mine) == mine and Progress().merged(theirs) == theirs


def test_the_earlier_tab_answering_a_question_keeps_the_other_tabs_lessons_and_decisions():
    base = Progress().with_quiz_answer("Blots", True)
    other = base
    for slug in ("01_pack", "02_two", "03_bet"):
        other = other.with_lesson(slug, done=True)
    for n in range(7):
        other = other.with_decision(mistake(NOW + n, 0.2 * n) if n % 2 else None, NOW + n)
    earlier = base.with_quiz_answer("Blots", False)
    merged = earlier.merged(other, base)
    assert set(merged.lessons) == {"01_pack", "02_two", "03_bet"} and merged.decisions == 7
    assert merged.mistakes == other.mistakes and merged.quiz["Blots"] == (True, False)


def test_a_mistake_reviewed_on_both_sides_keeps_the_later_review():
    base = Progress().with_decision(mistake(NOW), NOW)
    once = base.reviewed(NOW, True, NOW + DAY)
    twice = once.reviewed(NOW, False, NOW + 2 * DAY)
    assert once.merged(twice, base).mistakes == twice.mistakes == twice.merged(once, base).mistakes
    assert base.merged(once, base).mistakes == once.mistakes, "a side that did not review it takes the review"
    given_up = Progress()  # the other side forgot its progress: what this side only shared stays forgotten
    assert base.merged(given_up, base).mistakes == () and once.merged(given_up, base).mistakes == once.mistakes


def test_only_progresses_merge():
    with pytest.raises(ProgressError):
        Progress().merged("{}")
