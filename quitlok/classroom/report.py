"""What a class did: per-question and per-pupil results of a class session or a homework, and their CSV files.

Pure: a Report is built from the questions asked (each a ClassQuestion with its number as the screen showed
it), the pupils and their answers; quitlok.classroom.records reads these from the database. Questions are
numbered as on screen ("Question 3" is the third question asked; votes at the class table are not questions)
and carry what makes them again: their kind and seed (with the session's rules, make_question gives the
same question, position and all) and the position in words, so a teacher can show one again.

A pupil is counted only on the questions asked while he was there: from the question asked when he joined, as
his phone's score counts them, where that is known (a class session's), else from the first question he answered
on (a pupil who joined late is not marked down for what was asked before he came). The CSV files are written by
the csv module, every text cell as text a spreadsheet never runs as a formula (quitlok.text.spreadsheet_cell).
"""

import csv
import io
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from quitlok.classroom.errors import BadQuestion
from quitlok.classroom.position import Position
from quitlok.classroom.question import ClassQuestion
from quitlok.i18n import _, ngettext, pgettext
from quitlok.text import spreadsheet_cell

#: how a pupil's answer to a question is marked in the pupils' table
RIGHT_MARK, WRONG_MARK = "✓", "✗"


@dataclass(frozen=True)
class Asked:
    """A question as it was asked: `number` as the screen showed it (from 1), `key` what its answers are
    stored under (a session's round number, a homework's item)."""

    number: int
    key: int
    question: ClassQuestion


@dataclass(frozen=True)
class Pupil:
    """A pupil of the class: his number in the session, his name as the teacher sees it, and, where it is known,
    the key of the first question asked while he was there (a session's round he joined at: questions from that
    key on are counted, answered or not); None counts from the first question he answered."""

    number: int
    name: str
    since: int | None = None


@dataclass(frozen=True)
class QuestionResult:
    """How the class did on one question."""

    number: int
    key: int
    kind: str
    seed: int
    title: str
    position: str
    answer: str
    answered: int
    right: int
    #: the wrong answers given, most often first: (the answer as shown, how many gave it, what is true where a
    #: known misconception leads to it, else "")
    wrong: tuple[tuple[str, int, str], ...]
    #: the question itself, to show again
    question: ClassQuestion | None = field(default=None, repr=False, compare=False)

    @property
    def share(self) -> float:
        """The share of those who answered who were right (0 when nobody answered)."""
        return self.right / self.answered if self.answered else 0.0


@dataclass(frozen=True)
class PupilResult:
    """How one pupil did: his answer to each question (None where he gave none) and whether it was right."""

    number: int
    name: str
    #: the questions asked while he was there (from his joining, where known, else from the first he answered on)
    asked: int
    answered: int
    right: int
    #: per question of the report, in its order: (the answer as shown, right) or None
    answers: tuple[tuple[str, bool] | None, ...]


@dataclass(frozen=True)
class Report:
    questions: tuple[QuestionResult, ...]
    pupils: tuple[PupilResult, ...]

    @property
    def hardest(self) -> tuple[QuestionResult, ...]:
        """The questions answered, the lowest share right first (ties: in the order asked)."""
        return tuple(sorted((q for q in self.questions if q.answered), key=lambda q: (q.share, q.number)))

    def questions_csv(self) -> str:
        """One line per question, in the order asked."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        # Translators: the column headers of the questions' CSV file a teacher downloads
        writer.writerow([pgettext("CSV column", "question"), _("title"), _("kind"), _("seed"), _("position"),
                         _("right answer"), _("answers"), pgettext("CSV column", "right"), _("share right"),
                         _("wrong answers given")])
        for q in self.questions:
            wrong = "; ".join(f"{shown} ({count})" for shown, count, _ in q.wrong)
            writer.writerow([q.number, spreadsheet_cell(q.title), q.kind, q.seed, spreadsheet_cell(q.position),
                             spreadsheet_cell(q.answer), q.answered, q.right, f"{q.share:.2f}",
                             spreadsheet_cell(wrong)])
        return out.getvalue()

    def pupils_csv(self) -> str:
        """One line per pupil: his totals, then his answer to each question (headed by its number)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        # Translators: the column headers of the pupils' CSV file a teacher downloads
        writer.writerow([_("pupil"), _("asked while there"), _("answered"), pgettext("CSV column", "right"),
                         *(_("question {number}").format(number=q.number) for q in self.questions)])
        for p in self.pupils:
            writer.writerow([spreadsheet_cell(p.name), p.asked, p.answered, p.right,
                             *(mark(a) for a in p.answers)])
        return out.getvalue()


def mark(answer: tuple[str, bool] | None) -> str:
    """A pupil's answer as the table shows it: "B ✓", "40 % ✗", or "" for none."""
    if answer is None:
        return ""
    return f"{answer[0]} {RIGHT_MARK if answer[1] else WRONG_MARK}"


def option_letter(i: int) -> str:
    return chr(65 + i)


def shown_answer(question: ClassQuestion, response: float) -> str:
    """A response as the pupil gave it: an option's letter and label, or the slider's value in per cent."""
    if question.slider is not None:
        return f"{response:g} %"
    return f"{option_letter(int(response))}. {question.options[int(response)]}"


def position_words(position: Position | None) -> str:
    """The position in a line: each seat's cards (face-down ones the class did not see counted), the stakes,
    and the cards under the stock; "" for a question of the teacher's own, which has none."""
    if position is None:
        return ""
    parts = []
    for index, seat in enumerate(position.seats):
        # Translators: the seat the class plays, in a one-line account of a table
        name = pgettext("the class's seat", "You") if index == position.you else seat.name
        if index == position.banker:
            name = _("{name} (banker)").format(name=name)
        known = " ".join(str(c) for c in seat.known)
        hidden = ngettext("{n} face down", "{n} face down", seat.hidden).format(n=seat.hidden)
        cards = (_("{known} and {hidden}").format(known=known, hidden=hidden) if seat.known and seat.hidden else
                 known if seat.known else hidden if seat.hidden else _("no cards"))
        parts.append((_("{seat}: {cards}, stake {stake}") if seat.stake else _("{seat}: {cards}")).format(
            seat=name, cards=cards, stake=seat.stake))
    if position.under:
        parts.append(_("under the stock: {cards}").format(cards=" ".join(str(c) for c in position.under)))
    return " · ".join(parts)


def build_report(asked: Sequence[Asked], pupils: Sequence[Pupil],
                 answers: Mapping[tuple[int, int], float]) -> Report:
    """The report of `asked` (in the order asked), for `pupils`, from `answers` keyed by (question's key,
    pupil's number). An answer that is not one of its question's (a stored value out of range) is refused
    with BadResponse, never counted; answers to questions or from pupils not listed are left out."""
    keys = [a.key for a in asked]
    if len(set(keys)) != len(keys) or [a.number for a in asked] != sorted({a.number for a in asked}):
        raise BadQuestion("Each question of a report has its own key and number, in the order asked.")
    marks: dict[tuple[int, int], tuple[str, bool]] = {}
    for a in asked:
        for p in pupils:
            response = answers.get((a.key, p.number))
            if response is not None:
                whole = a.question.slider is None and float(response).is_integer()
                right = a.question.score(int(response) if whole else response)  # BadResponse when not an answer
                marks[a.key, p.number] = (shown_answer(a.question, response), right)
    questions = []
    for a in asked:
        q = a.question
        given = [marks[a.key, p.number] for p in pupils if (a.key, p.number) in marks]
        wrong = Counter(shown for shown, right in given if not right)
        notes = {}
        for p in pupils:
            response = answers.get((a.key, p.number))
            if response is not None and q.slider is None and not marks[a.key, p.number][1]:
                notes[marks[a.key, p.number][0]] = q.correction(int(response)) or ""
        questions.append(QuestionResult(
            number=a.number, key=a.key, kind=q.kind, seed=q.seed, title=q.title, position=position_words(q.position),
            answer=q.answer_text, answered=len(given), right=sum(1 for _, right in given if right),
            wrong=tuple((shown, n, notes.get(shown, "")) for shown, n in
                        sorted(wrong.items(), key=lambda item: (-item[1], item[0]))), question=q))
    results = []
    for p in pupils:
        mine = tuple(marks.get((a.key, p.number)) for a in asked)
        first = next((i for i, m in enumerate(mine) if m is not None), len(mine))
        there = len(mine) - first if p.since is None else sum(1 for a in asked if a.key >= p.since)
        results.append(PupilResult(number=p.number, name=p.name, asked=there,
                                   answered=sum(1 for m in mine if m is not None),
                                   right=sum(1 for m in mine if m is not None and m[1]), answers=mine))
    return Report(tuple(questions), tuple(results))
