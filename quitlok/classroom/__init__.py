"""The classroom: questions a teacher projects, a class answers on phones, and the engine answers exactly.

Pure Python, immutable values, no Streamlit. A question is made from (kind, rules, seed) and is the same
every time; a teacher's run of questions is a QuestionSequence(rules, seed), stepped through by index:

    from quitlok import QUITLOK
    from quitlok.classroom import QuestionSequence, make_question
    q = make_question("bust_chance", QUITLOK, 7)
    q.prompt, q.slider, q.answer, q.why, q.score(50)
    run = QuestionSequence(QUITLOK, seed=2024)
    run[0].title, run.kind(1)

Errors are ClassroomErrors (ValueErrors) with messages for people; rules that are not a RuleSet are the
engine's InvalidSetup, as everywhere.
"""

from quitlok.classroom.errors import (
    BadCount,
    BadQuestion,
    BadResponse,
    BadSeed,
    ClassroomError,
    KindUnavailable,
    UnknownKind,
)
from quitlok.classroom.position import Position, SeatView
from quitlok.classroom.question import (
    BEST_PLAY,
    BUST_CHANCE,
    CALL_ALUVUN,
    HAND_VALUE,
    KINDS,
    RETIRE,
    SETTLEMENT,
    TITLES,
    TOLERANCE_POINTS,
    ClassQuestion,
    Slider,
)
from quitlok.classroom.questions import (
    MAX_SEED,
    MIN_GAP,
    STANDS_ON,
    available_kinds,
    best_play_question,
    bust_chance_question,
    call_aluvun_question,
    hand_value_question,
    kind_title,
    make_question,
    retire_question,
    settlement_question,
)
from quitlok.classroom.sequence import MAX_INDEX, MAX_QUESTIONS, QuestionSequence, question_set

__all__ = [
    "BEST_PLAY",
    "BUST_CHANCE",
    "CALL_ALUVUN",
    "HAND_VALUE",
    "KINDS",
    "MAX_INDEX",
    "MAX_QUESTIONS",
    "MAX_SEED",
    "MIN_GAP",
    "RETIRE",
    "SETTLEMENT",
    "STANDS_ON",
    "TITLES",
    "TOLERANCE_POINTS",
    "BadCount",
    "BadQuestion",
    "BadResponse",
    "BadSeed",
    "ClassQuestion",
    "ClassroomError",
    "KindUnavailable",
    "Position",
    "QuestionSequence",
    "SeatView",
    "Slider",
    "UnknownKind",
    "available_kinds",
    "best_play_question",
    "bust_chance_question",
    "call_aluvun_question",
    "hand_value_question",
    "kind_title",
    "make_question",
    "question_set",
    "retire_question",
    "settlement_question",
]
