"""The quiz's questions in other languages: every word a learner reads is translated, and what a question is
(its options' order, its answer, the mistakes behind its options) is the same in every language, since a
homework stores a pupil's answer as an option's number and reads it back in the teacher's language."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quitlok import KVITLACH, QUITLOK, quiz
from quitlok.i18n import PSEUDO, use
from tests.i18n.english_left import english_left, others_words
from tests.i18n.other_language import reordered

ALLOWED = others_words()
GENERATORS = st.sampled_from(quiz.GENERATORS)
RULES = st.sampled_from((QUITLOK, KVITLACH))


def words(question: quiz.Question) -> list[str]:
    return [question.prompt, question.explanation, *question.options, *question.feedback,
            quiz.topic_words(question.topic)]


@settings(max_examples=120, deadline=None)
@given(GENERATORS, RULES, st.integers(0, 10**6), st.booleans())
def test_every_question_is_translated(generator, rules, seed, young):
    with use(PSEUDO):
        question = (quiz.bust_odds(random.Random(seed), rules, young=young) if generator is quiz.bust_odds
                    else generator(random.Random(seed), rules))
        texts = words(question)
    for text in texts:
        assert not english_left(text, allowed=ALLOWED), text


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH], ids=["quitlok", "kvitlach"])
@pytest.mark.parametrize("generator", quiz.GENERATORS, ids=lambda g: g.__name__)
def test_every_kind_of_question_is_translated_over_many_seeds(generator, rules):
    """Every branch a generator takes in 60 seeds (a framed pair, a bust, a tie, a broken bank ...)."""
    with use(PSEUDO):
        for seed in range(60):
            for text in words(generator(random.Random(seed), rules)):
                assert not english_left(text, allowed=ALLOWED), (seed, text)


def test_english_is_the_source():
    question = quiz.hand_worth(random.Random(3), QUITLOK)
    assert question.prompt.startswith("Your cards, in order: ") and question.prompt.endswith("What is the hand worth?")
    assert quiz.topic_words(question.topic) == question.topic == "Counting"


def test_a_topic_is_a_key_and_shown_translated():
    """Progress stores a question's topic: it stays the English key in every language; topic_words shows it."""
    with use(PSEUDO):
        question = quiz.hand_worth(random.Random(3), QUITLOK)
        assert question.topic == "Counting" and quiz.topic_words("Counting") == "Ƈǿŭƞŧīƞɠ"
        assert quiz.topic_words("History") == "Ħīşŧǿřẏ"  # the fixed questions' topics are keys too
        assert quiz.topic_words("Something else") == "Something else"


def test_corrections_are_translated():
    with use(PSEUDO):
        for mistake in quiz.MISCONCEPTIONS:
            text = quiz.correction(mistake, KVITLACH, other="Chaim", max_bet=3, pool=20)
            assert not english_left(text, allowed=ALLOWED), text


@pytest.mark.parametrize("rules", [QUITLOK, KVITLACH], ids=["quitlok", "kvitlach"])
@pytest.mark.parametrize("generator", quiz.GENERATORS, ids=lambda g: g.__name__)
def test_a_question_is_the_same_in_every_language(generator, rules, monkeypatch):
    """Same seed, same question: options in the same order, same answer, same mistakes, in English and in a
    language whose sentences read backwards and have no colons (who_wins once split its options on ':')."""
    for seed in range(40):
        english = generator(random.Random(seed), rules)
        with reordered(monkeypatch):
            other = generator(random.Random(seed), rules)
        assert (other.answer, other.mistakes, other.topic, other.lesson) == (
            english.answer, english.mistakes, english.topic, english.lesson), seed
        assert len(other.options) == len(english.options)
