"""Every lesson's hand, played with the engine, ends in the outcome its text describes."""

import dataclasses
import re
from fractions import Fraction

import pytest

from quitlok import events as ev
from quitlok.actions import Stay
from quitlok.coach import TOLERANCE
from quitlok.game import SeatStatus, action_label, legal_actions
from quitlok.lessons import LESSONS, PREDICTIONS, goal
from quitlok.narration import log
from quitlok.odds import banker_outcomes, bust_chance, chance_words
from quitlok.progress import Progress, decision
from tests.conftest import ROOT

BY_SLUG = {lesson.slug: lesson for lesson in LESSONS}


def words(lesson) -> str:
    return (ROOT / "content" / "lessons" / f"{lesson.slug}.md").read_text()


def section(lesson, name: str) -> str:
    """One '## name' section of the lesson's Markdown."""
    return words(lesson).split(f"## {name}\n", 1)[1].split("\n## ", 1)[0]


def suggested_play(lesson):
    """The lesson's hand played as the text suggests: the final table and each move with its label then."""
    table, moves, labels = lesson.start(), list(lesson.moves), []
    for _ in range(200):
        if lesson.over(table):
            break
        if table.humans_turn:
            assert moves, f"{lesson.slug}: the learner must decide, but the lesson suggests nothing more"
            assert moves[0] in legal_actions(table.state), (moves[0], legal_actions(table.state))
            labels.append(action_label(table.state, moves[0]))
            table = table.act(moves.pop(0))
        else:
            table = table.step()
    assert not moves, f"{lesson.slug}: the hand ended before the moves {moves}"
    return table, labels


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_the_suggested_moves_make_the_rule_happen_and_the_hand_end(lesson):
    table, labels = suggested_play(lesson)
    assert lesson.reached(table), table.state.events[-5:]
    assert lesson.over(table) and lesson.done(table)
    assert table == lesson.play_suggested()
    for label in labels:  # the text names every suggested move as its button does
        assert f"**{label.split(' (')[0]}**" in section(lesson, "try"), f"{lesson.slug}: the text never says {label}"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_the_learners_bet_is_settled_when_the_hand_ends(lesson):
    """The done-text comes when the hand is over, so no stake of the learner's is left waiting, and the
    table keeps how the learner's hand ended (what the hand-over panel shows)."""
    table, _ = suggested_play(lesson)
    s, me = table.state, table.human
    assert s.stakes[me] == 0
    assert s.last_status[me].kind and s.last_cards[me], (s.last_status, s.last_cards)
    assert s.last_status[me].kind not in ("playing", "waiting")


def test_a_lesson_is_not_done_before_its_hand_ends():
    lesson = BY_SLUG["01_pack"]
    table = lesson.start().act(lesson.moves[0])  # 21 at once, but Chaim has not played
    assert lesson.reached(table) and not lesson.over(table) and not lesson.done(table)
    assert table.skip_to_human().hand_ended


def test_nothing_plays_on_once_the_hand_is_over():
    """A late second click on "Let the others play" or a move must not carry the lesson into the next hand."""
    lesson = BY_SLUG["01_pack"]
    playing = lesson.move(lesson.start(), lesson.moves[0])
    ended = lesson.play_on(playing)
    assert ended.hand_ended and ended.state.to_act == 2  # hand 2 is dealt, Chaim to act
    assert lesson.play_on(ended) is ended
    stay = BY_SLUG["04_deal"]
    over = stay.play_on(stay.move(stay.start(), Stay()))
    assert stay.over(over) and stay.move(over, Stay()) is over


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_the_story_of_a_hand_stops_where_the_lesson_does(lesson):
    """Once the hand is over, the log the lesson shows ends with the deal of the next hand: no "You have the
    turn" without a button; before that, it is the whole log."""
    start = lesson.start()
    assert lesson.story_events(start) == start.state.events
    table = lesson.play_suggested()
    story = lesson.story_events(table)
    events = table.state.events
    assert events[:len(story)] == story and len(story) < len(events)
    assert isinstance(story[-1], ev.HandDealt) and not any(isinstance(e, ev.TurnBegan) for e in story[-2:])
    assert any(lesson.goal.met(event, lesson.human) for event in story)
    assert lesson.story(table) == log(table.state)[:len(lesson.story(table))], "in words, the log as far as it goes"


S = SeatStatus


def _before(s, first, then) -> bool:
    """`first` happened, and before `then`."""
    return first in s.events and then in s.events and s.events.index(first) < s.events.index(then)


#: Chaim (seat 2) stays with no stake and throws his cards in
CHAIM_THROWS_IN = ev.Stayed(2, stake=0)

OUTCOMES = {
    # the numbers each lesson's "done" text states, read back from the engine at the end of the hand
    "01_pack": lambda s: s.purses[1] == 22 and s.last_status[1:] == (S("21", stake=2), S("threw in")),
    "02_counting": lambda s: ev.Stood(0, 17) in s.events and s.last_status[1] == S("won", stake=2, value=19),
    "03_bank": lambda s: ev.BankerBust(0) in s.events and s.bank == 7,
    "04_deal": lambda s: s.hand_number == 2 and s.direction == -1 and s.to_act == 2
    and [e for e in s.events if isinstance(e, ev.HandDealt)][-1] == ev.HandDealt(2, 0, s.bank, direction=-1, first=2)
    and s.events[-1] == ev.TurnBegan(2),
    "05_turn": lambda s: s.last_cards[1] == (5, 3, 6) and ev.CardDealt(1, 3, face_up=True, told=True) in s.events
    and s.last_status == (S("banker", results=(19,)), S("lost", stake=2, value=14), S("threw in")),
    "06_bust": lambda s: s.purses[1] == 18 and s.last_status[0] == S("banker") and s.last_cards[1] == (10, 4, 10),
    "07_aluvun": lambda s: s.last_cards[1] == (6, 5, 9)
    and s.last_status[:2] == (S("banker", results=(19,)), S("won", stake=1, value=20)),
    "08_early": lambda s: s.last_status[1] == S("lost", stake=6, value=17) and s.last_cards[0] == (5, 8, 6)
    and s.last_cards[1] == (11, 6)
    and s.last_status[0] == S("banker", results=(19,), new_card=True)
    and _before(s, ev.Stood(0, 19), CHAIM_THROWS_IN),
    "09_settle": lambda s: ev.Settled(1, value=18, stake=2, won=False, tie=True) in s.events,
    "10_carry_on": lambda s: s.last_status[1] == S("lost", stake=5, value=17) and s.last_cards[0] == (4, 6, 7)
    and s.last_cards[1] == (11, 6) and _before(s, ev.NewCard(0), CHAIM_THROWS_IN),
    "11_change_bank": lambda s: s.banker == 0 and s.purses[1] == 20 and s.bank == 10 and s.direction == 1,
    "12_kvitlach": lambda s: s.last_status[1] == S("21", stake=2) and s.purses[1] == 20 - 4 + 2,
}


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_the_outcome_matches_the_lesson_text(lesson):
    assert OUTCOMES[lesson.slug](lesson.play_suggested().state)


def test_the_kvitlach_maximum_bet_is_said_in_chips():
    lesson = BY_SLUG["12_kvitlach"]
    max_bet = lesson.start().state.max_bet
    assert max_bet == 2
    assert f"({max_bet} chips at this table)" in section(lesson, "text").replace("\n", " ")
    assert f"the maximum of {max_bet} chips" in section(lesson, "try").replace("\n", " ")


def test_predictions_come_from_the_odds():
    for lesson in LESSONS:
        assert lesson.predict in (None, *PREDICTIONS)
    assert BY_SLUG["02_counting"].figure() == 19
    six_five = BY_SLUG["07_aluvun"]
    state = six_five.start().state
    assert six_five.figure() == bust_chance(state.hands[1], state.seen_by(1), state.rules, aluvun=True, exact=True)
    assert six_five.figure() == bust_chance([6, 5], [], state.rules, aluvun=True, exact=True)
    settle = BY_SLUG["09_settle"]
    assert settle.figure() == banker_outcomes([10, 8], [], settle.rules, exact=True)["bust"]
    bust = BY_SLUG["06_bust"]
    assert bust.unseen() == 22 and bust.figure() * bust.unseen() == 9  # 8, 9, 11 and 12 twice, one 10


def test_no_prediction_is_given_away_by_the_words_above_it():
    """The text and the question above a guess never state the figure the learner is asked for."""
    counting = BY_SLUG["02_counting"]
    above = section(counting, "text") + section(counting, "predict")
    assert "19" not in above and "12 and 10 make" not in above
    for lesson in LESSONS:
        if lesson.predict and lesson.predict != "value":
            figure = chance_words(lesson.figure())
            assert figure.split(" (")[0].removeprefix("about ") not in section(lesson, "text"), lesson.slug


@pytest.mark.parametrize(("p", "words"), [
    (Fraction(1360813, 5372136), "about 1 in 4 (25%)"),  # lesson 9: Bella busts
    (Fraction(8, 11), "8 in 11 (73%)"),
    (Fraction(1, 231), "1 in 231 (0.43%)"),
    (Fraction(1, 11), "1 in 11 (9.1%)"),
    (Fraction(7, 23), "about 3 in 10 (30%)"),
    (Fraction(33, 1000), "about 1 in 30 (3.3%)"),
    (Fraction(0), "no chance (0%)"),
    (Fraction(1), "certain (100%)"),
])
def test_chances_read_as_small_counts(p, words):
    assert chance_words(p) == words


def test_a_chance_outside_zero_to_one_is_refused():
    with pytest.raises(ValueError, match="between 0 and 1"):
        chance_words(Fraction(3, 2))


def test_twelve_steps_cover_every_rule_of_the_spec():
    text = " ".join(words(lesson).lower() for lesson in LESSONS)
    for term in ("framed", "counts 12 or 9", "bank", "clockwise", "anticlockwise", "blot", "bet", "stay",
                 "bust", "exactly 21", "aluvun", "elvaroon", "whole bank", "ties go to the banker", "new card",
                 "face up under the stock", "last face-down card", "retire", "4 or a 7", "broken", "right",
                 "two packs", "maximum bet", "half", "must draw on 16 or less", "not even offered on a lone 11"):
        assert term in " ".join(text.split()), term
    assert len(LESSONS) >= 10


def test_the_words_keep_one_pronoun_per_person_and_count_right():
    """Bella is 'she' and Chaim 'he'; a banker or player in general gets no pronoun, so a passage (a
    section, or one option of the check) says 'he' only where it names Chaim and 'she' only where it names
    Bella. And no '1 cards'."""
    for lesson in LESSONS:
        text = words(lesson)
        assert not re.search(r"\b1 (cards|chips)\b", text), lesson.slug
        passages = [line for part in text.split("\n## ") for line in
                    (part.split("\n- ") if part.startswith("check") else [part])]
        for passage in passages:
            if re.search(r"\b(he|him|his)\b", passage, re.I):
                assert "Chaim" in passage, (lesson.slug, passage)
            if re.search(r"\b(she|her|hers)\b", passage, re.I):
                assert "Bella" in passage, (lesson.slug, passage)


def priced_moves(lesson):
    """Each move of the lesson's hand played as suggested, with the table it was made at and the advisor's
    prices there (quitlok.coach, as the Hint, the table's note and Review price it): (index, table, move, coaching)."""
    table, moves, out = lesson.start(), list(lesson.moves), []
    while moves and not lesson.over(table):
        if table.humans_turn:
            move = moves.pop(0)
            out.append((len(lesson.moves) - len(moves) - 1, table, move, table.coaching()))
            table = table.act(move)
        else:
            table = table.step()
    return out


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_a_lesson_suggests_only_the_advisors_best_move_or_says_it_only_shows_the_rule(lesson):
    """Issue 21 item 3: a move the page calls "Suggested" (the Hint's bulb) is the one the advisor plays; a move
    that is not is a demonstration, which the page says plainly is not the best play, so that claim must hold."""
    for index, table, move, coaching in priced_moves(lesson):
        label = f"{lesson.slug}, move {index + 1} ({action_label(table.state, move)})"
        if coaching is None:  # retiring: the advisor does not price it
            assert index not in lesson.demonstrations, label
            continue
        cost = coaching.cost(move)
        if index in lesson.demonstrations:
            assert cost >= TOLERANCE, f"{label} is the best play: suggest it, it is not a mere demonstration"
        else:
            assert cost < TOLERANCE, f"{label} costs {cost:.3f} chips against {coaching.best}"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_a_suggested_move_is_never_a_mistake_for_review(lesson):
    """What Review would keep of each suggested move, priced as the table prices a decision: nothing."""
    kept = Progress()
    for index, table, move, coaching in priced_moves(lesson):
        if index not in lesson.demonstrations:
            kept = kept.with_decision(decision(table.state, coaching, move, 1e9), 1e9)
    assert kept.mistakes == ()


def test_demonstrations_name_moves_of_the_lesson():
    with pytest.raises(ValueError, match="demonstration"):
        dataclasses.replace(BY_SLUG["01_pack"], demonstrations=(1,))


def test_a_goal_names_only_fields_its_event_has():
    """A lesson's goal is a predicate over events (quitlok.lessons.Goal): one that asks for a field its event
    does not carry is refused when written, not found false at every step."""
    with pytest.raises(ValueError, match="no seat"):
        goal(ev.BankerEarly, mine=True)
    with pytest.raises(ValueError, match="no colour"):
        goal(ev.Settled, colour="red")
    assert goal(ev.Settled, mine=True, won=True).met(ev.Settled(1, 19, 2, won=True, tie=False), 1)
    assert not goal(ev.Settled, mine=True, won=True).met(ev.Settled(0, 19, 2, won=True, tie=False), 1)
