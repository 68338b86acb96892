"""A teacher's run of class questions: a seeded mix of kinds that the teacher steps through.

Question `index` of a sequence depends only on (rules, seed, kinds, index), never on the questions before
it, so a store can keep those four numbers and a page can jump to any step. The kinds come in rounds:
each round holds every kind once in a seeded order, and a round never starts with the kind the previous
one ended on, so the class never gets the same kind twice running (with two kinds or more).
"""

import random
from dataclasses import dataclass

from quitlok.classroom.errors import BadCount, KindUnavailable, UnknownKind
from quitlok.classroom.question import ClassQuestion
from quitlok.classroom.questions import available_kinds, check_kind, check_seed, make_question
from quitlok.errors import shown
from quitlok.i18n import _
from quitlok.i18n import number as _number
from quitlok.rules import RuleSet
from quitlok.validate import is_whole, rule_set

#: the most questions question_set makes at once
MAX_QUESTIONS = 100
#: the last step a sequence reaches (index from 0)
MAX_INDEX = 9_999


@dataclass(frozen=True)
class QuestionSequence:
    """The questions a teacher steps through: `sequence[i]` (or `question(i)`) is step i, from 0.

    `kinds` defaults to every kind the rules can make (available_kinds); given, it is checked (UnknownKind,
    KindUnavailable) and kept in the order given, repeats removed."""

    rules: RuleSet
    seed: int
    kinds: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        rules = rule_set(self.rules)
        check_seed(self.seed)
        possible = available_kinds(rules)
        if self.kinds is None:
            kinds = possible
        else:
            if isinstance(self.kinds, str) or not isinstance(self.kinds, tuple | list):
                raise UnknownKind(_("kinds must be a list of kinds of question (got {got}).").format(
                    got=shown(self.kinds)))
            kinds = tuple(dict.fromkeys(check_kind(kind) for kind in self.kinds))
            if not kinds:
                raise UnknownKind(_("A sequence needs at least one kind of question."))
            for kind in kinds:
                if kind not in possible:
                    raise KindUnavailable(_("{rules} rules cannot make {kind} questions.").format(rules=rules.name,
                                                                                                 kind=kind))
        object.__setattr__(self, "kinds", kinds)

    def _round(self, number: int) -> list[str]:
        """The kinds of round `number` in order; its first differs from the previous round's last."""
        order = list(self.kinds)
        random.Random(f"{self.seed}/round/{number}").shuffle(order)
        if number and len(order) > 2:
            before = list(self.kinds)
            random.Random(f"{self.seed}/round/{number - 1}").shuffle(before)
            if order[0] == before[-1]:  # the swap below never moves a round's last kind, so this is final
                order[0], order[1] = order[1], order[0]
        elif len(order) == 2:  # two kinds simply alternate, from a seeded start
            order = list(self.kinds)
            random.Random(f"{self.seed}/round/0").shuffle(order)
        return order

    def kind(self, index: int) -> str:
        """The kind of step `index`."""
        index = _check_index(index)
        return self._round(index // len(self.kinds))[index % len(self.kinds)]

    def question_seed(self, index: int) -> int:
        """The seed step `index`'s question is made from."""
        index = _check_index(index)
        return random.Random(f"{self.seed}/question/{index}").randrange(2**32)

    def question(self, index: int) -> ClassQuestion:
        """Step `index`'s question (make_question(kind(index), rules, question_seed(index)))."""
        return make_question(self.kind(index), self.rules, self.question_seed(index))

    def __getitem__(self, index: int) -> ClassQuestion:
        return self.question(index)

    def take(self, n: int, start: int = 0) -> tuple[ClassQuestion, ...]:
        """Steps `start` to `start + n - 1`."""
        n = _check_count(n)
        _check_index(start)
        _check_index(start + n - 1)
        return tuple(self.question(i) for i in range(start, start + n))


def _check_index(index: object) -> int:
    if not is_whole(index) or not 0 <= index <= MAX_INDEX:
        raise BadCount(_("A step of a sequence is a whole number from 0 to {most} (got {got}).").format(
            most=_number(MAX_INDEX), got=shown(index)))
    return index


def _check_count(n: object) -> int:
    if not is_whole(n) or not 1 <= n <= MAX_QUESTIONS:
        raise BadCount(_("A set holds a whole number of questions from 1 to {most} (got {got}).").format(
            most=MAX_QUESTIONS, got=shown(n)))
    return n


def question_set(rules: RuleSet, seed: int, n: int, kinds: tuple[str, ...] | None = None
                 ) -> tuple[ClassQuestion, ...]:
    """The first `n` questions of QuestionSequence(rules, seed, kinds): a seeded mix of kinds."""
    _check_count(n)
    return QuestionSequence(rules, seed, kinds).take(n)
