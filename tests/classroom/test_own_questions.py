"""The teacher's own questions (issue 24, item 6): checked at the door, scored like the engine's questions, kept
as text and read back whole or not at all."""

import json

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from quitlok.classroom.errors import BadOwnQuestion, BadResponse, ClassroomError
from quitlok.classroom.own import (
    MOST_QUESTIONS,
    OPTION_CHARS,
    PROMPT_CHARS,
    OwnQuestion,
    QuestionSet,
)

KVITL = OwnQuestion("What does the Yiddish word kvitl mean?", ("a note, a slip of paper", "a candle", "a coin"), 0,
                    "A kvitl is a note; kvitlech are the cards, slips with numbers.")


def test_a_question_is_scored_and_explained_like_the_engines():
    assert KVITL.score(0) and not KVITL.score(2)
    assert KVITL.answer_text == "a note, a slip of paper" and KVITL.why_for(young=True) == KVITL.why
    assert KVITL.correction(1) is None and not KVITL.is_slider and KVITL.position is None
    plain = OwnQuestion("Which candle is lit first?", ("the shamash", "the first"), 0)
    assert plain.why_for() == "The answer is: the shamash."
    for bad in (3, -1, "0", 0.5, True, None):
        with pytest.raises(BadResponse):
            KVITL.score(bad)


@pytest.mark.parametrize(("prompt", "options", "answer", "said"), [
    ("", ("a", "b"), 0, "question is empty"),
    ("  ", ("a", "b"), 0, "question is empty"),
    ("x" * (PROMPT_CHARS + 1), ("a", "b"), 0, f"{PROMPT_CHARS} at most"),
    ("Q?", ("a",), 0, "2 to 4 options"),
    ("Q?", ("a", "b", "c", "d", "e"), 0, "2 to 4 options"),
    ("Q?", ("Latke", "latke "), 0, "same"),
    ("Q?", ("a", ""), 0, "option 2 is empty"),
    ("Q?", ("a", "b" * (OPTION_CHARS + 1)), 0, f"{OPTION_CHARS} at most"),
    ("Q?", ("a", "b"), 2, "one of the 2 options"),
    ("Q?", ("a", "b"), True, "one of the 2 options"),
    ("Q?", "ab", 0, "list of texts"),
    ("Q\x00?", ("a", "b"), 0, "cannot be shown"),
    (None, ("a", "b"), 0, "is text"),
])
def test_what_cannot_be_asked_is_refused_with_a_reason(prompt, options, answer, said):
    with pytest.raises(BadOwnQuestion, match=said):
        OwnQuestion(prompt, options, answer)


def test_names_in_any_script_are_kept_as_written():
    hebrew = OwnQuestion("מה פירוש המילה קוויטל?", ("פתק", "נר"), 0, "Yiddish קוויטל: a note.")
    czech = OwnQuestion("Co znamená „krajíc“?", ("prosba o odpuštění části sázky", "vysoká karta"), 0)
    for q in (hebrew, czech):
        assert QuestionSet((q,)).to_text() and QuestionSet.from_text(QuestionSet((q,)).to_text()).questions == (q,)


PRINTABLE = st.characters(blacklist_categories=("Cc", "Cs", "Co", "Cn"))


@st.composite
def own_questions(draw):
    """Questions as a teacher might type them, in any script; what the door refuses is not one."""
    prompt = draw(st.text(PRINTABLE, min_size=1, max_size=40))
    options = draw(st.lists(st.text(PRINTABLE, min_size=1, max_size=10), min_size=2, max_size=4))
    try:
        return OwnQuestion(prompt, tuple(options), draw(st.integers(0, len(options) - 1)))
    except BadOwnQuestion:
        assume(False)


@given(st.lists(own_questions(), max_size=5, unique=True))
def test_a_set_reads_back_as_it_was_written(questions):
    kept = QuestionSet(tuple(questions))
    assert QuestionSet.from_text(kept.to_text()) == kept


def test_a_set_adds_and_removes_and_has_a_limit():
    kept = QuestionSet().added(KVITL)
    with pytest.raises(BadOwnQuestion, match="already"):
        kept.added(KVITL)
    assert kept.removed(0) == QuestionSet()
    with pytest.raises(BadOwnQuestion):
        kept.removed(1)
    many = tuple(OwnQuestion(f"Question {n}?", ("yes", "no"), 0) for n in range(MOST_QUESTIONS))
    with pytest.raises(BadOwnQuestion, match="at most"):
        QuestionSet(many).added(KVITL)


@pytest.mark.parametrize(("text", "said"), [
    ("not json", "not a set of questions"),
    (b"\xff\xfe", "not text"),
    ('{"format": "quitlok-progress", "questions": []}', "not a set of questions"),
    ('{"format": "quitlok-own-questions", "version": 9, "questions": []}', "later version"),
    ('{"format": "quitlok-own-questions", "version": 1, "questions": [{"prompt": "Q?"}]}', "Question 1 of that file"),
    ('{"format": "quitlok-own-questions", "version": 1, "questions": [{"prompt": "Q?", "options": ["a", "a"], '
     '"answer": 0}]}', "Question 1 of that file: Two options"),
    ("[" * 70_000, "too long"),
    ("[" * 5_000 + "]" * 5_000, "not a set of questions"),
    (12, "is text"),
], ids=["prose", "binary", "another format", "later version", "half a question", "two options alike", "too long",
        "deeply nested", "a number"])
def test_a_bad_file_is_refused_whole_with_a_reason(text, said):
    with pytest.raises(BadOwnQuestion, match=said) as refused:
        QuestionSet.from_text(text)
    assert isinstance(refused.value, ClassroomError) and "Traceback" not in str(refused.value)


def test_a_set_file_is_plain_json_a_teacher_could_read():
    data = json.loads(QuestionSet((KVITL,)).to_text())
    assert data["format"] == "quitlok-own-questions" and data["questions"][0]["options"][0] == "a note, a slip of paper"
