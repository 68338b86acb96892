"""The class question itself: what the projector shows, what phones offer, the exact answer and its scoring.

Kept apart from the generators (quitlok.classroom.questions) so that a page or a store can read, check
and score a question without knowing how it was made.
"""

import math
from dataclasses import dataclass
from fractions import Fraction
from numbers import Real

from quitlok.classroom.errors import BadQuestion, BadResponse
from quitlok.classroom.position import Position
from quitlok.errors import shown
from quitlok.i18n import N_, _
from quitlok.quiz import MISCONCEPTIONS, correction, count_chance_words
from quitlok.rules import RuleSet
from quitlok.validate import is_whole

HAND_VALUE = "hand_value"
BEST_PLAY = "best_play"
CALL_ALUVUN = "call_aluvun"
BUST_CHANCE = "bust_chance"
SETTLEMENT = "settlement"
RETIRE = "retire"
#: every kind of class question, in the order a teacher's menu lists them
KINDS = (HAND_VALUE, BEST_PLAY, CALL_ALUVUN, BUST_CHANCE, SETTLEMENT, RETIRE)

#: each kind's heading in Quitlok's words, marked for the catalog: shown translated, `_(TITLES[kind])`
#: (questions.kind_title gives it in the words of other rules and the current language)
TITLES = {
    HAND_VALUE: N_("What is this hand worth?"),
    BEST_PLAY: N_("Bet, blot or stay?"),
    CALL_ALUVUN: N_("Call aluvun?"),
    BUST_CHANCE: N_("What is the chance the next card busts this hand?"),
    SETTLEMENT: N_("Who wins this settlement?"),
    RETIRE: N_("May the banker retire now?"),
}

#: a slider answer within this many percentage points of the exact chance counts as right (inclusive)
TOLERANCE_POINTS = 5


@dataclass(frozen=True)
class Slider:
    """How a number answer is given: from `low` to `high` in steps of `step`, in `unit`; an answer within
    `tolerance` of the exact figure counts as right."""

    low: int = 0
    high: int = 100
    step: int = 1
    unit: str = "%"
    tolerance: int = TOLERANCE_POINTS

    def check(self, response: object) -> Fraction:
        """`response` as an exact number, or BadResponse when it is not a number from low to high."""
        if (isinstance(response, bool) or not isinstance(response, Real) or not math.isfinite(response)
                or not self.low <= response <= self.high):
            raise BadResponse(_("An answer here is a number from {low} to {high} (got {got}).").format(
                low=self.low, high=self.high, got=shown(response)))
        return Fraction(response)


@dataclass(frozen=True)
class ClassQuestion:
    """One class question.

    `title` is the heading ("Call elvaroon?"), `prompt` the position in words ending with the question.
    `options` are the labels of a choice, or empty for a slider question, which has `slider` instead.
    `answer` is the right option's index, or for a slider the exact chance as a Fraction from 0 to 1
    (`answer_percent` gives it in per cent). `values` holds the exact figure behind each option where one
    exists (a hand's count; a choice's value in chips, None for a choice the rules do not allow), else it
    is empty. `why` is one sentence from the counts of cards; `young_why` says the same for a young class
    (chances in words such as "about 1 in 3", no average chips), empty where `why` already does (`why_for`
    picks one). `mistakes` names, for each option, the
    misconception of quitlok.quiz.MISCONCEPTIONS that leads to it (None for the right one and where none
    is known; empty where no option has one). `kind` and `seed` with the rules make the question again.
    """

    kind: str
    seed: int
    title: str
    prompt: str
    position: Position
    options: tuple[str, ...]
    answer: int | Fraction
    why: str
    values: tuple = ()
    slider: Slider | None = None
    mistakes: tuple[str | None, ...] = ()
    young_why: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise BadQuestion(f"{self.kind!r} is not a kind of class question.")
        if not isinstance(self.position, Position):
            raise BadQuestion("A class question needs a Position to show.")
        if self.slider is None:
            if len(self.options) < 2 or len(set(self.options)) != len(self.options):
                raise BadQuestion(f"A choice needs at least two different options (got {self.options!r}).")
            if not is_whole(self.answer) or not 0 <= self.answer < len(self.options):
                raise BadQuestion(f"The answer {self.answer!r} is not one of the {len(self.options)} options.")
        elif self.options or not isinstance(self.answer, Fraction) or not 0 <= self.answer <= 1:
            raise BadQuestion("A slider question has no options and an exact chance from 0 to 1 as its answer.")
        for name, parts in (("values", self.values), ("mistakes", self.mistakes)):
            if parts and len(parts) != len(self.options):
                raise BadQuestion(f"{len(parts)} {name} for {len(self.options)} options.")
        if self.mistakes and (self.mistakes[self.answer] is not None
                              or not set(self.mistakes) <= set(MISCONCEPTIONS) | {None}):
            raise BadQuestion("Each wrong option's mistake is a named misconception; the right one has none.")

    def why_for(self, young: bool = False) -> str:
        """The reason, for a young class (`young`) or as the app says it everywhere else."""
        return self.young_why or self.why if young else self.why

    @property
    def rules(self) -> RuleSet:
        return self.position.rules

    @property
    def is_slider(self) -> bool:
        return self.slider is not None

    @property
    def answer_percent(self) -> Fraction | None:
        """The exact chance in per cent (slider questions; None otherwise)."""
        return 100 * self.answer if self.slider is not None else None

    @property
    def answer_text(self) -> str:
        """The answer in words: the right option's label, or '9 in 17 (53%)' over the unseen cards."""
        if self.slider is None:
            return self.options[self.answer]
        return count_chance_words(self.answer, self.position.unseen)

    def score(self, response: object) -> bool:
        """True for a right answer: the right option's index, or a slider value (in per cent) within the
        slider's tolerance of the exact chance. BadResponse for anything that is not an answer here."""
        if self.slider is None:
            if not is_whole(response) or not 0 <= response < len(self.options):
                raise BadResponse(_("An answer here is an option's number, 0 to {last} (got {got}).").format(
                    last=len(self.options) - 1, got=shown(response)))
            return response == self.answer
        return abs(self.slider.check(response) - self.answer_percent) <= self.slider.tolerance

    def correction(self, choice: int) -> str | None:
        """What is true, for the students who chose option `choice` through a known misconception
        (quitlok.quiz.correction); None for the right option or where no misconception is known."""
        if self.slider is not None or not is_whole(choice) or not 0 <= choice < len(self.options):
            raise BadResponse(_("{choice} is not an option's number here.").format(choice=shown(choice)))
        mistake = self.mistakes[choice] if self.mistakes else None
        return correction(mistake, self.rules) if mistake else None
