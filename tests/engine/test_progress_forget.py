"""quitlok.progress, issue 22 item 3: Forget wins across tabs. A forget leaves an empty progress that knows when
it was forgotten (saved with it); a merge with a tab that still holds the old progress, in either direction,
never brings back what was forgotten, and keeps what either tab did since the copy they shared."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quitlok.errors import InvalidSetup
from quitlok.progress import Progress
from tests.engine.test_progress_saves import NOW, mistake, play, saved, steps


def test_a_forget_is_an_empty_progress_that_remembers_when_and_is_saved_so():
    kept = Progress().with_lesson("01_pack", done=True).with_quiz_answer("Blots", True)
    gone = kept.forget(NOW)
    assert gone.empty and not kept.empty and gone != Progress() and gone.forgotten == NOW
    assert Progress.from_json(gone.to_json()) == gone and json.loads(gone.to_json())["forgotten"] == NOW
    assert gone.forget(NOW - 5).forgotten == NOW, "an earlier moment does not move the forget back"
    assert "forgotten" not in json.loads(kept.to_json()), "a progress never forgotten saves as before"
    assert Progress.from_json(saved(kept)).forgotten == 0.0
    for wrong in ("now", float("nan"), 1e12):  # the library's own error, not a save that cannot be read back
        with pytest.raises(InvalidSetup):
            kept.forget(wrong)


def test_a_forget_saved_with_a_moment_no_save_holds_is_left_out_alone():
    reading = Progress.read(saved(Progress().with_lesson("01_pack", done=True), forgotten=1e12))
    assert reading.left_out == ("forgotten",) and reading.progress.lessons["01_pack"].done
    assert reading.progress.forgotten == 0.0


def test_a_tab_still_holding_the_old_progress_takes_up_the_forget_and_keeps_what_it_did_since():
    base = Progress().with_lesson("01_pack", done=True).with_quiz_answer("Blots", True) \
        .with_decision(mistake(NOW), NOW)
    forgot = base.forget(NOW + 10)
    other = base.with_quiz_answer("History", False)  # done in the other tab before it saw the forget
    for merged in (other.merged(forgot, base), forgot.merged(other, base)):  # either tab taking up the other
        assert merged.lessons == {} and merged.mistakes == () and merged.decisions == 0
        assert merged.quiz == {"History": (False,)} and merged.quiz_counts == {"History": 1}
        assert merged.forgotten == NOW + 10
    after = forgot.with_lesson("02_two", done=True)  # progress made after the forget, in the tab that forgot
    assert set(base.merged(after, base).lessons) == {"02_two"}
    assert base.merged(forgot, base) == forgot, "a tab that did nothing since holds only the forget"


def changed_lessons(progress: Progress, base: Progress) -> set[str]:
    return {slug for slug, record in progress.lessons.items() if record != base.lessons.get(slug) and record.done}


@settings(max_examples=150, deadline=None)
@given(steps, steps, steps, st.booleans())
def test_a_merge_never_brings_back_what_was_forgotten(shared, other_moves, after_moves, forgetter_takes_up):
    """One tab forgets and goes on (`after`); the other, holding the copy both shared (`base`), goes on too
    (`other`) without having seen the forget; then one takes up the other's save. What the merge holds is the
    forgetting tab's progress plus the other's changes since `base`, counted once: nothing of `base` that the
    other tab did not change comes back."""
    base = play(Progress(), shared, clock := [NOW])
    other = play(base, other_moves, clock)
    clock[0] += 1
    after = play(base.forget(clock[0]), after_moves, clock)
    merged = after.merged(other, base) if forgetter_takes_up else other.merged(after, base)
    assert merged.forgotten == after.forgotten
    assert {s for s, r in merged.lessons.items() if r.done} == \
        {s for s, r in after.lessons.items() if r.done} | changed_lessons(other, base)
    assert merged.decisions == after.decisions + other.decisions - base.decisions
    for topic in set(merged.quiz_counts) | set(after.quiz_counts) | set(other.quiz_counts):
        new = other.quiz_counts.get(topic, 0) - base.quiz_counts.get(topic, 0)
        assert merged.quiz_counts.get(topic, 0) == after.quiz_counts.get(topic, 0) + new
    assert sum(merged.cost_by_day.values()) == pytest.approx(
        sum(after.cost_by_day.values()) + sum(other.cost_by_day.values()) - sum(base.cost_by_day.values()))
    unchanged = {m.made for m in other.mistakes if m in base.mistakes}
    assert {m.made for m in merged.mistakes} == {m.made for m in after.mistakes} | \
        ({m.made for m in other.mistakes} - unchanged)
    assert Progress.from_json(merged.to_json()) == merged
