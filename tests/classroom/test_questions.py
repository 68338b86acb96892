"""Every class question, checked again from its own position with the rules worked out here afresh.

The answer of each kind is recomputed independently of the generator: a hand is counted by a function
written in this file; the bust chance by counting every card of the pool built here from the seats;
values in chips by quitlok.odds.advise called on the position's own cards and chips; settlements and
retiring by the words of SPEC.md. Each check is also shown to fail on a question whose answer was
changed, so a generator that went wrong could not pass.
"""

import itertools
import os
import re
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quitlok import KVITLACH, QUITLOK, InvalidSetup
from quitlok.classroom import (
    BEST_PLAY,
    BUST_CHANCE,
    CALL_ALUVUN,
    HAND_VALUE,
    KINDS,
    MAX_SEED,
    MIN_GAP,
    RETIRE,
    SETTLEMENT,
    STANDS_ON,
    TOLERANCE_POINTS,
    BadCount,
    BadQuestion,
    BadResponse,
    BadSeed,
    ClassQuestion,
    ClassroomError,
    KindUnavailable,
    Position,
    QuestionSequence,
    SeatView,
    UnknownKind,
    available_kinds,
    kind_title,
    make_question,
    question_set,
)
from quitlok.odds import advise, chance_words, young_chance_words
from quitlok.quiz import MISCONCEPTIONS, retire_allowed

ROOT = Path(__file__).resolve().parents[2]

#: a table's house rules beyond the presets: a 12 may count 10, no blots, retiring from hand 2 on a 3, 4 or 7
HOUSE = replace(QUITLOK, twelve_values=(12, 10, 9), blots=False, retire_from_hand=2,
                retire_cards=frozenset({3, 4, 7}), name="Quitlok, 12 as 10, no blots, early retiring")
ALL_RULES = [QUITLOK, KVITLACH, HOUSE]
RULE_IDS = [rules.name for rules in ALL_RULES]
#: kinds that only count cards are cheap; kinds priced in exact chips take tens of milliseconds each
CHEAP_SEEDS = range(120)
PRICED_SEEDS = range(25)
FRAMED = {2, 11}


# --- the rules, written again here ----------------------------------------------------------------------


def count(cards, rules):
    """A hand's value (SPEC 1): a framed first pair of two cards is 21; else the best total not over 21,
    or the lowest when all are over."""
    cards = list(cards)
    if rules.framed_pair_21 and len(cards) == 2 and set(cards) <= FRAMED:
        return 21
    sums = {sum(pick) for pick in itertools.product(*[rules.twelve_values if c == 12 else (c,) for c in cards])}
    fitting = [s for s in sums if s <= 21]
    return max(fitting) if fitting else min(sums)


def can_total_11(cards, rules):
    """Some way of counting the 12s makes exactly 11."""
    return 11 in {sum(pick) for pick in itertools.product(*[rules.twelve_values if c == 12 else (c,)
                                                             for c in cards])}


def seen_here(position):
    """What the seat `you` sees besides its own cards: other seats' face-up cards and those under the stock."""
    return [card for i, seat in enumerate(position.seats) if i != position.you
            for card, up in zip(seat.cards, seat.face_up, strict=True) if up] + list(position.under)


def pool_here(position):
    """The unseen cards, as {number: copies}: the pack minus your cards minus what you see."""
    rules = position.rules
    mine = position.seats[position.you].cards
    assert None not in mine, "your own cards show their numbers"
    return Counter({rank: rules.copies for rank in range(1, 13)}) - Counter(mine) - Counter(seen_here(position))


def chips(value):
    return f"{float(value):+.2f}"


def one_sentence(text):
    """A single sentence: ends with a full stop, and no full stop inside ends a sentence."""
    return text.endswith(".") and not re.search(r"[.!?]\s+[A-Z]", text[:-1])


# --- what every question must be -----------------------------------------------------------------------


def check_common(q, rules):
    assert q.rules == rules
    assert q.kind in KINDS
    assert one_sentence(q.why), q.why
    assert q.prompt.strip() and q.title.strip()
    # the position is legal: no number more often than the pack holds, hidden cards fit in the rest
    shown = Counter(q.position.known_cards)
    assert all(n <= rules.copies for n in shown.values()), shown
    assert q.position.hidden <= rules.pack_size - sum(shown.values())
    for seat in q.position.seats:
        assert len(seat.cards) == len(seat.face_up)
        assert all(card is not None for card, up in zip(seat.cards, seat.face_up, strict=True) if up)
    if q.slider is None:
        assert len(q.options) >= 2 and len(set(q.options)) == len(q.options), q.options
        assert 0 <= q.answer < len(q.options)
        assert [q.score(i) for i in range(len(q.options))] == [i == q.answer for i in range(len(q.options))]
        for i, mistake in enumerate(q.mistakes):
            assert mistake is None or (mistake in MISCONCEPTIONS and i != q.answer)
            assert (q.correction(i) is None) == (mistake is None)
    else:
        assert not q.options and isinstance(q.answer, Fraction) and 0 <= q.answer <= 1
    check_young(q)


def check_young(q):
    """The words for a young class: the same reason, with chances as 'about 1 in 3' and no average chips."""
    young = q.why_for(young=True)
    assert q.why_for() == q.why and one_sentence(young.replace(". Played many", ", played many"))
    assert "%" not in young and "on average" not in young and not re.search(r"[+-]\d+\.\d\d", young), young
    if q.kind in (BEST_PLAY, BUST_CHANCE) or (q.kind == CALL_ALUVUN and q.position.hand != (11,)):
        assert young != q.why and "cards you cannot see" in young, young
    if q.kind == BEST_PLAY:
        names = [option_name(label) for label in q.options]
        verbs = {"stay": "staying", "blot": "a blot", "bet": f"betting {q.position.room}", "draw": "drawing"}
        assert young.endswith(f"Played many times, {verbs[names[q.answer]]} leaves you with more chips than "
                              + " or ".join(verbs[n] for i, n in enumerate(names) if i != q.answer) + "."), young
    if q.kind == CALL_ALUVUN and q.position.hand != (11,):
        word = q.rules.aluvun_word
        better = f"calling {word}" if q.answer == 0 else f"not calling {word}"
        assert f"Played many times, {better} leaves you with more chips" in young, young
    if q.kind == BUST_CHANCE:
        k, n = q.answer.numerator, q.answer.denominator
        said = re.match(r"(\d+) of the (\d+) cards you cannot see would bust you", young)
        assert said and Fraction(int(said[1]), int(said[2])) == Fraction(k, n), young
        simple = young_chance_words(q.answer)
        assert young.endswith(f"{said[1]} in {said[2]}.") or young.endswith(f", that is {simple}."), young


def check_hand_value(q, rules):
    check_common(q, rules)
    cards = q.position.seats[q.position.you].cards
    assert 2 <= len(cards) <= 4 and set(cards) & {1, 2, 11, 12}
    assert all(count(cards[:k], rules) < 21 for k in range(2, len(cards))), "an earlier hand had ended the turn"
    value = count(cards, rules)
    assert q.values[q.answer] == value
    assert len(set(q.values)) == len(q.values) >= 3
    for label, v in zip(q.options, q.values, strict=True):
        assert label == (f"{v}: bust" if v > 21 else str(v))
    assert f"= {value}" in q.why or (value == 21 and "framed" in q.why)
    assert all(q.mistakes[i] is not None for i in range(len(q.options)) if i != q.answer)


def advised(q):
    p = q.position
    assert p.stands_on == q.rules.banker_model(STANDS_ON)
    assert f"draws until she has {p.stands_on} or more" in q.prompt
    assert q.kind != BEST_PLAY or f"draws to {p.stands_on}" in q.why
    return advise(p.hand, seen_here(p), q.rules, stake=p.seats[p.you].stake, room=p.room,
                  stands_on=p.stands_on, exact=True)


def counts_here(position):
    """(cards that bust your hand, cards that make it 21, unseen cards), by counting the pool."""
    pool, hand = pool_here(position), position.hand
    bust = sum(n for rank, n in pool.items() if count(hand + (rank,), position.rules) > 21)
    twenty_one = sum(n for rank, n in pool.items() if count(hand + (rank,), position.rules) == 21)
    return bust, twenty_one, sum(pool.values())


def check_table(q, rules):
    """The position at your turn: your hand is still in play, the figures in the prompt are the position's."""
    check_common(q, rules)
    p = q.position
    assert p.you is not None and p.banker is not None and p.banker != p.you
    assert count(p.hand, rules) < 21
    assert p.seats[p.banker].cards and set(p.seats[p.banker].face_up) == {False}, "the banker's card is face down"
    assert f"the other {sum(pool_here(p).values())} cards are unseen" in q.prompt
    assert sum(pool_here(p).values()) == p.unseen


NAMES_OF = {"Stay": "stay", "Take a blot": "blot", "Bet ": "bet", "Draw": "draw"}


def option_name(label):
    return next(name for start, name in NAMES_OF.items() if label.startswith(start))


def check_best_play(q, rules):
    check_table(q, rules)
    p = q.position
    assert not can_total_11(p.hand, rules) or not rules.aluvun or p.hand == (11,)
    assert count(p.hand, rules) >= 10
    advice = advised(q)
    names = [option_name(label) for label in q.options]
    assert set(names) == set(advice.values), (names, advice.values)
    assert list(q.values) == [advice.values[name] for name in names]
    best = max(q.values)
    assert q.values[q.answer] == best and sorted(q.values)[-2] <= best - MIN_GAP
    if "bet" in names:
        assert q.options[names.index("bet")].startswith(f"Bet {p.room} ")
    assert q.title == ", ".join(n.capitalize() if i == 0 else n for i, n in enumerate(names[:-1])) \
        + f" or {names[-1]}?"
    busting, twenty_one, unseen = counts_here(p)
    assert (f"{busting} of the {unseen} unseen cards" if busting else f"None of the {unseen} unseen cards") in q.why
    assert (f"{twenty_one} of them would make it 21" if twenty_one else "none would make it 21") in q.why
    assert over_21_words(p.hand, rules) in q.why if busting else f"your {count(p.hand, rules)} over 21" in q.why
    for value in q.values:
        assert chips(value) in q.why


def check_call_aluvun(q, rules):
    check_table(q, rules)
    p = q.position
    word = rules.aluvun_word
    assert q.title == f"Call {word}?" and q.options == (f"Yes: call {word}", "No")
    advice = advised(q)
    called = [v for name, v in advice.values.items() if name.endswith("+aluvun")]
    plain = [v for name, v in advice.values.items() if not name.endswith("+aluvun")]
    if p.hand == (11,) and rules.framed_pair_21:  # SPEC: not offered on a lone 11
        assert not called and q.values == (None, max(plain)) and q.answer == 1
        assert "lone 11" in q.why
        return
    assert can_total_11(p.hand, rules)
    assert q.values == (max(called), max(plain))
    assert q.values[0] - q.values[1] >= MIN_GAP and q.answer == 0
    elevens = pool_here(p)[11]
    if elevens and count(p.hand + (11,), rules) > 21:
        assert f"{elevens} of the {p.unseen} unseen cards {'is an 11' if elevens == 1 else 'are 11s'}" in q.why
    else:
        assert rules.elvaroon_raise and "raise" in q.why
    assert chips(q.values[0]) in q.why and chips(q.values[1]) in q.why


def over_21_words(hand, rules) -> str:
    """What a next card must pass, as the why says it: the lowest total the hand can count (a 12 may count 9)."""
    low = min(sum(c for c in hand if c != 12) + sum(v) for v in itertools.product(rules.twelve_values,
                                                                                   repeat=hand.count(12)))
    best = count(hand, rules)
    return f"your {best} over 21" if low == best else f"even at its lowest total, {low} with each 12 counted as"


def check_bust_chance(q, rules):
    check_table(q, rules)
    p = q.position
    assert 12 <= count(p.hand, rules) <= 20
    pool = pool_here(p)
    busting = {rank: n for rank, n in pool.items() if count(p.hand + (rank,), rules) > 21}
    k, n = sum(busting.values()), sum(pool.values())
    assert q.answer == Fraction(k, n) and 0 < q.answer < 1
    assert q.answer_percent == 100 * Fraction(k, n)
    assert q.answer_text.startswith(f"{k} in {n} (")
    assert f"{k} of the {n} unseen cards" in q.why and f"{k} in {n}" in q.why
    assert over_21_words(p.hand, rules) in q.why
    words = {1: "one", 2: "two", 3: "three", 4: "four"}
    listed = re.search(r"\((.*)\)", q.why).group(1)
    assert listed.replace(" and ", ", ").split(", ") == [
        f"{words[c]} {rank}" + ("s" if c > 1 else "") for rank, c in sorted(busting.items())]
    exact = 100 * Fraction(k, n)
    assert q.score(float(exact)) and q.score(max(0, exact - TOLERANCE_POINTS))
    if exact + TOLERANCE_POINTS + Fraction(1, 100) <= 100:
        assert not q.score(exact + TOLERANCE_POINTS + Fraction(1, 100))
    if exact - TOLERANCE_POINTS - Fraction(1, 100) >= 0:
        assert not q.score(exact - TOLERANCE_POINTS - Fraction(1, 100))


def check_settlement(q, rules):
    check_common(q, rules)
    p = q.position
    banker, mine = p.seats[p.banker].cards, p.seats[p.you].cards
    assert all(p.seats[p.banker].face_up) and all(p.seats[p.you].face_up), "both hands are shown"
    assert p.seats[p.you].stake >= 1
    b, m = count(banker, rules), count(mine, rules)
    assert 12 <= m < 21, "you stayed on a hand still in play"
    assert all(count(banker[:k], rules) < 21 for k in range(1, len(banker))), "she drew on after 21 or bust"
    if rules.banker_must_reach:
        assert b >= rules.banker_must_reach
    # SPEC: the player wins if the banker is bust or the player's value is greater; a tie goes to the banker
    assert q.answer == (0 if b > 21 or m > b else 1)
    assert q.options[2].startswith("Nobody")
    assert str(b) in q.why and (str(m) in q.why or b > 21)
    if m == b:
        assert "tie goes to the banker" in q.why and q.mistakes == ("tie_to_player", None, "tie_returns_stake")


def check_retire(q, rules):
    check_common(q, rules)
    p = q.position
    card, hand = p.seats[p.banker].cards[0], p.hand_number
    assert p.seats[p.banker].cards == (card,) and p.seats[p.banker].face_up == (True,)
    # SPEC: from the retire_from_hand-th hand on, when the first card is one of the retire cards
    may = hand >= rules.retire_from_hand and card in rules.retire_cards
    assert q.options == ("Yes", "No") and q.answer == (0 if may else 1)
    assert f"hand {hand}" in q.why and f"hand {hand}" in q.prompt.lower()
    assert re.search(rf"\ban? (framed )?{card}\b", q.prompt)


CHECKS = {HAND_VALUE: check_hand_value, BEST_PLAY: check_best_play, CALL_ALUVUN: check_call_aluvun,
          BUST_CHANCE: check_bust_chance, SETTLEMENT: check_settlement, RETIRE: check_retire}


# --- each kind over many seeds, under both presets and a house rule -------------------------------------


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
@pytest.mark.parametrize("seed", CHEAP_SEEDS)
@pytest.mark.parametrize("kind", [HAND_VALUE, BUST_CHANCE, SETTLEMENT, RETIRE])
def test_counted_kinds(kind, rules, seed):
    CHECKS[kind](make_question(kind, rules, seed), rules)


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
@pytest.mark.parametrize("seed", PRICED_SEEDS)
@pytest.mark.parametrize("kind", [BEST_PLAY, CALL_ALUVUN])
def test_priced_kinds(kind, rules, seed):
    CHECKS[kind](make_question(kind, rules, seed), rules)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(KINDS), rules=st.sampled_from(ALL_RULES), seed=st.integers(0, MAX_SEED))
def test_any_seed(kind, rules, seed):
    CHECKS[kind](make_question(kind, rules, seed), rules)


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH], ids=["Quitlok", "Kvitlach"])
def test_retire_agrees_with_the_engine(rules):
    """The engine itself, dealt to the moment, lets the banker retire exactly when the question says so."""
    for seed in range(40):
        q = make_question(RETIRE, rules, seed)
        card, hand = q.position.seats[0].cards[0], q.position.hand_number
        assert retire_allowed(rules, hand, card, seed) == (q.answer == 0), (hand, card)


def test_every_answer_turns_up():
    """Over a few seeds each option that can be right is right somewhere: no kind is a one-answer quiz."""
    answers = {kind: Counter() for kind in KINDS}
    for seed in range(40):
        for kind in KINDS:
            q = make_question(kind, QUITLOK, seed)
            answers[kind][q.answer if q.slider is None else "slider"] += 1
    assert set(answers[SETTLEMENT]) == {0, 1}  # "nobody" is never right: a tie goes to the banker
    assert set(answers[RETIRE]) == {0, 1} and set(answers[CALL_ALUVUN]) == {0, 1}
    assert len(answers[BEST_PLAY]) == 3 and len(answers[HAND_VALUE]) >= 3


# --- the checks can fail ----------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_a_wrong_answer_is_caught(kind):
    """The same checks reject the question when its answer is moved to another option (or chance)."""
    for seed in range(5):
        q = make_question(kind, QUITLOK, seed)
        wrong = (q.answer + Fraction(1, 97)) % 1 if q.slider else (q.answer + 1) % len(q.options)
        broken = replace(q, answer=wrong, mistakes=())
        with pytest.raises(AssertionError):
            CHECKS[kind](broken, QUITLOK)


def test_a_young_why_with_average_chips_or_a_wrong_count_is_caught():
    q = make_question(BUST_CHANCE, QUITLOK, 3)
    with pytest.raises(AssertionError):
        check_young(replace(q, young_why=q.why))
    k = re.match(r"(\d+) of", q.young_why).group(1)
    with pytest.raises(AssertionError):
        check_young(replace(q, young_why=q.young_why.replace(f"{k} of", f"{int(k) + 1} of", 1)))
    best = make_question(BEST_PLAY, QUITLOK, 2)
    with pytest.raises(AssertionError):
        check_young(replace(best, young_why=best.young_why.replace("more chips", "fewer chips")))


def test_chance_words_for_a_young_class_leave_out_the_percentage():
    assert chance_words(Fraction(6, 20)) == "3 in 10 (30%)"
    assert chance_words(Fraction(6, 20), with_percent=False) == "3 in 10"
    assert chance_words(Fraction(37, 45), with_percent=False) == "about 9 in 11"
    assert chance_words(Fraction(0), with_percent=False) == "no chance"
    with pytest.raises(InvalidSetup):
        chance_words(Fraction(1, 3), with_percent="no")


def test_chances_for_a_young_class_are_in_small_numbers():
    said = {(6, 20): "3 in 10", (1, 9): "1 in 9", (2, 13): "about 1 in 6", (9, 14): "about 2 in 3",
            (5, 16): "about 1 in 3", (1, 40): "less than 1 in 10", (44, 45): "more than 9 in 10", (0, 5): "no chance"}
    assert {k: young_chance_words(Fraction(*k)) for k in said} == said


@given(st.fractions(min_value=0, max_value=1))
def test_a_young_classs_chance_is_near_the_exact_one(p):
    words = young_chance_words(p)
    if said := re.fullmatch(r"(?:about )?(\d+) in (\d+)", words):
        k, n = int(said[1]), int(said[2])
        assert n <= 10 and 0 < k < n
        assert abs(Fraction(k, n) - p) <= (Fraction(3, 100) if words.startswith("about") else 0) or \
            abs(Fraction(k, n) - p) <= min(abs(Fraction(j, m) - p) for m in range(2, 11) for j in range(1, m))
    else:
        assert words in ("no chance", "certain", "less than 1 in 10", "more than 9 in 10")
        assert (words == "no chance") == (p == 0) and (words == "certain") == (p == 1)


def test_a_wrong_count_in_why_is_caught():
    q = make_question(BUST_CHANCE, QUITLOK, 3)
    k = re.match(r"(\d+) of", q.why).group(1)
    with pytest.raises(AssertionError):
        check_bust_chance(replace(q, why=q.why.replace(f"{k} of", f"{int(k) + 1} of", 1)), QUITLOK)


def test_a_position_with_too_many_copies_is_refused():
    with pytest.raises(ValueError, match="pack holds only 2"):
        Position(QUITLOK, (SeatView("You", (5, 5, 5), (False, True, True)),), you=0)
    with pytest.raises(BadQuestion):
        Position(QUITLOK, (SeatView("You", (5,), (False,)), SeatView("Bella", (None,) * 24, (False,) * 24)),
                 banker=1, you=0)
    with pytest.raises(BadQuestion):
        SeatView("Bella", (None,), (True,))


# --- the same question every time -----------------------------------------------------------------------


def test_same_seed_same_question():
    from quitlok.classroom import questions

    first = [make_question(kind, KVITLACH, 11) for kind in KINDS]
    questions._make.cache_clear()
    again = [make_question(kind, KVITLACH, 11) for kind in KINDS]
    assert first == again and all(a is not b for a, b in zip(first, again, strict=True))


SCRIPT = """
from quitlok import QUITLOK
from quitlok.classroom import KINDS, make_question
print([make_question(kind, QUITLOK, seed) for kind in KINDS for seed in (1, 2)])
"""


def test_same_question_in_another_process():
    """Nothing depends on string hashing or on what ran before: two fresh processes agree."""
    outputs = set()
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        outputs.add(subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, check=True,
                                   capture_output=True, text=True).stdout)
    assert len(outputs) == 1


# --- sequences -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ALL_RULES, ids=RULE_IDS)
def test_sequence_mixes_every_kind(rules):
    run = QuestionSequence(rules, 5)
    kinds = [run.kind(i) for i in range(60)]
    k = len(available_kinds(rules))
    for start in range(0, 60, k):
        assert sorted(kinds[start:start + k]) == sorted(available_kinds(rules))
    assert all(a != b for a, b in itertools.pairwise(kinds))
    assert [q.kind for q in run.take(8)] == kinds[:8]
    assert run[7] == run.question(7) == make_question(kinds[7], rules, run.question_seed(7))
    assert question_set(rules, 5, 8) == run.take(8)
    assert run.take(3, start=7)[0] == run[7]


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, MAX_SEED), kinds=st.lists(st.sampled_from([HAND_VALUE, SETTLEMENT, RETIRE]),
                                                     min_size=1, max_size=5))
def test_sequence_of_chosen_kinds(seed, kinds):
    run = QuestionSequence(QUITLOK, seed, kinds)
    assert run.kinds == tuple(dict.fromkeys(kinds))
    steps = [run.kind(i) for i in range(12)]
    assert set(steps) == set(kinds)
    if len(set(kinds)) > 1:
        assert all(a != b for a, b in itertools.pairwise(steps))
    assert run.question_seed(3) == QuestionSequence(QUITLOK, seed, kinds).question_seed(3)


def test_different_seeds_differ():
    assert QuestionSequence(QUITLOK, 1).take(6) != QuestionSequence(QUITLOK, 2).take(6)


# --- house rules and bad input ---------------------------------------------------------------------------


NO_ALUVUN = replace(QUITLOK, aluvun=False, name="Quitlok without aluvun")


def test_rules_without_aluvun():
    assert CALL_ALUVUN not in available_kinds(NO_ALUVUN)
    with pytest.raises(KindUnavailable):
        make_question(CALL_ALUVUN, NO_ALUVUN, 1)
    with pytest.raises(KindUnavailable):
        QuestionSequence(NO_ALUVUN, 1, [CALL_ALUVUN])
    assert CALL_ALUVUN not in {q.kind for q in question_set(NO_ALUVUN, 1, 10)}
    check_best_play(make_question(BEST_PLAY, NO_ALUVUN, 4), NO_ALUVUN)


def test_titles_in_the_rules_words():
    assert kind_title(CALL_ALUVUN, KVITLACH) == "Call elvaroon?"
    assert kind_title(BEST_PLAY, KVITLACH) == "Draw or stay?"
    assert kind_title(BEST_PLAY, QUITLOK) == "Bet, blot or stay?"
    assert kind_title(BEST_PLAY, HOUSE) == "Bet or stay?"
    q = make_question(CALL_ALUVUN, KVITLACH, 2)
    assert "elvaroon" in q.prompt and "aluvun" not in q.prompt.replace("elvaroon", "")


@pytest.mark.parametrize("seed", [-1, True, 1.0, "3", None, MAX_SEED + 1])
def test_bad_seed(seed):
    with pytest.raises(BadSeed):
        make_question(HAND_VALUE, QUITLOK, seed)
    with pytest.raises(BadSeed):
        QuestionSequence(QUITLOK, seed)


@pytest.mark.parametrize("kind", ["hand", "", None, 3, "HAND_VALUE"])
def test_unknown_kind(kind):
    with pytest.raises(UnknownKind):
        make_question(kind, QUITLOK, 1)


@pytest.mark.parametrize("rules", [None, "Quitlok", {"copies": 2}])
def test_bad_rules(rules):
    with pytest.raises(InvalidSetup):
        make_question(HAND_VALUE, rules, 1)
    with pytest.raises(InvalidSetup):
        question_set(rules, 1, 3)


@pytest.mark.parametrize("n", [0, -1, MAX_SEED, 2.0, True, "4"])
def test_bad_count(n):
    with pytest.raises(BadCount):
        question_set(QUITLOK, 1, n)


@pytest.mark.parametrize("index", [-1, 10_000, 1.5, False])
def test_bad_index(index):
    with pytest.raises(BadCount):
        QuestionSequence(QUITLOK, 1).kind(index)


@settings(max_examples=200, deadline=None)
@given(response=st.one_of(st.none(), st.booleans(), st.text(), st.floats(allow_nan=True),
                          st.integers(-1000, 1000), st.fractions(), st.lists(st.integers())))
def test_responses(response):
    """Any answer is scored or refused with BadResponse; nothing else escapes."""
    for q in (make_question(HAND_VALUE, QUITLOK, 1), make_question(BUST_CHANCE, QUITLOK, 1)):
        try:
            result = q.score(response)
        except BadResponse as error:
            assert isinstance(error, ClassroomError) and isinstance(error, ValueError) and str(error)
        else:
            assert isinstance(result, bool)
            if q.slider is None:
                assert type(response) is int and 0 <= response < len(q.options)
            else:
                assert 0 <= response <= 100


def test_a_question_that_does_not_fit_is_refused():
    q = make_question(HAND_VALUE, QUITLOK, 1)
    with pytest.raises(BadQuestion):
        replace(q, answer=len(q.options))
    with pytest.raises(BadQuestion):
        replace(q, options=(q.options[0], q.options[0]) + q.options[2:])
    with pytest.raises(BadQuestion):
        replace(q, values=q.values[:-1])
    with pytest.raises(BadQuestion):
        replace(q, kind="quiz")
    assert isinstance(q, ClassQuestion)
