"""Every lesson's hand, played with the engine, ends in the outcome its text describes."""

import pytest

from quitlok import hand_value
from quitlok.actions import describe
from quitlok.game import legal_actions
from quitlok.lessons import LESSONS, PREDICTIONS
from quitlok.odds import banker_outcomes, bust_chance
from tests.conftest import ROOT


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_the_suggested_moves_make_the_rule_happen(lesson):
    table = lesson.play_suggested()
    assert lesson.reached(table), table.state.events[-5:]
    words = (ROOT / "content" / "lessons" / f"{lesson.slug}.md").read_text()
    for move in lesson.moves:  # the text names every suggested move
        verb = describe(move).split()[0].lower()
        assert verb in words.lower(), f"{lesson.slug}: the text never mentions {verb}"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_each_suggested_move_is_legal_when_it_comes(lesson):
    table, moves = lesson.start(), list(lesson.moves)
    for _ in range(100):
        if lesson.reached(table):
            break
        if table.humans_turn:
            assert moves, "the learner must decide, but the lesson suggests nothing more"
            assert moves[0] in legal_actions(table.state)
            table = table.act(moves.pop(0))
        else:
            table = table.step()
    assert lesson.reached(table) and not moves


OUTCOMES = {
    # the numbers each lesson's "done" text states, read back from the engine
    "01_pack": lambda t: t.state.purses[t.human] == 22,
    "02_counting": lambda t: "Bella stands on 17." in t.state.events,
    "03_bank": lambda t: "Bella is bust: every open stake wins." in t.state.events,
    "04_deal": lambda t: t.state.hand_number == 2 and t.state.direction == -1 and t.state.to_act == 2,
    "05_turn": lambda t: t.state.face_up[t.human] == (False, True, False) and t.state.stakes[t.human] == 2,
    "06_bust": lambda t: t.state.purses[t.human] == 18,
    "07_aluvun": lambda t: hand_value(t.state.hands[t.human], t.state.rules) == 20 and 11 in t.state.under,
    "08_early": lambda t: t.state.waiting == (2,) or "Chaim has the turn." in t.state.events,
    "09_settle": lambda t: "You show 18 and lose 2 to the bank (ties go to the banker)." in t.state.events,
    "10_carry_on": lambda t: t.state.to_act == 2 and len(t.state.hands[0]) == 1,
    "11_change_bank": lambda t: t.state.banker == 0 and t.state.purses[1] == 20,
    "12_kvitlach": lambda t: t.state.stakes[t.human] == 0 and t.state.purses[t.human] == 20 - 4 + 2,
}


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_the_outcome_matches_the_lesson_text(lesson):
    assert OUTCOMES[lesson.slug](lesson.play_suggested())


def test_predictions_come_from_the_odds():
    for lesson in LESSONS:
        assert lesson.predict in (None, *PREDICTIONS)
    by_slug = {lesson.slug: lesson for lesson in LESSONS}
    assert by_slug["02_counting"].figure() == 19
    six_five = by_slug["07_aluvun"]
    state = six_five.start().state
    assert six_five.figure() == bust_chance(state.hands[1], state.seen_by(1), state.rules, aluvun=True, exact=True)
    assert six_five.figure() == bust_chance([6, 5], [], state.rules, aluvun=True, exact=True)
    settle = by_slug["09_settle"]
    assert settle.figure() == banker_outcomes([10, 8], [], settle.rules, exact=True)["bust"]


def test_twelve_steps_cover_every_rule_of_the_spec():
    words = " ".join((ROOT / "content" / "lessons" / f"{lesson.slug}.md").read_text().lower() for lesson in LESSONS)
    for term in ("framed", "counts 12 or 9", "bank", "clockwise", "anticlockwise", "blot", "bet", "stay",
                 "bust", "exactly 21", "aluvun", "elvaroon", "whole bank", "ties go to the banker", "new card",
                 "face up under the stock", "last face-down card", "retire", "4 or a 7", "broken", "right",
                 "two packs", "maximum bet", "half", "must draw on 16 or less"):
        assert term in words, term
    assert len(LESSONS) >= 10
