"""Homework: a teacher sets lessons, a quiz round and class questions under one code; pupils do them on their
own time under their class name (no accounts); the teacher sees who did what and where the class went wrong.

Kept in the database of the rooms and class sessions (quitlok.rooms.database.Store: SQLite or PostgreSQL):
one row per homework (its rules, what it holds, when it is deleted), one per pupil (his name, his key kept
only as its SHA-256), one per piece of work handed in. A homework is deleted, with all its pupils' work,
once the period the teacher set has passed (`days`, 1 to MAX_DAYS): a read of it after that finds nothing,
and `purge` (run whenever a homework is set) removes the rows.

What a homework asks is made again from its seeds by the engines that make it in class: the lessons of
quitlok.lessons (a pupil hands in those his browser's progress shows done), questions of quitlok.quiz's
generators under the homework's rules (each from its own seeded random), and class questions of
quitlok.classroom (kind and seed, as a class session stores them). A pupil answers each question once: the
first answer counts, and the page then shows him what is true (a second try after seeing it would teach the
teacher nothing about where the class went wrong).
"""

import functools
import hashlib
import hmac
import json
import math
import random
import secrets
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

import sqlalchemy as sa

from quitlok import quiz
from quitlok.classroom.errors import BadResponse, ClassroomError
from quitlok.classroom.question import ClassQuestion
from quitlok.classroom.questions import check_kind, make_question
from quitlok.classroom.report import Asked, Pupil, Report, build_report
from quitlok.classroom.sequence import QuestionSequence
from quitlok.errors import shown
from quitlok.i18n import N_, _, language
from quitlok.lessons import LESSONS
from quitlok.rooms.database import Store, metadata
from quitlok.rooms.errors import BadName, NotHost, NotSeated, RoomNotFound
from quitlok.rooms.news import NEWS, News
from quitlok.rooms.store import ALPHABET, CODE_LENGTH, person_name, room_code
from quitlok.rules import RuleSet
from quitlok.state_json import rules_from_dict, rules_to_dict
from quitlok.text import isolated
from quitlok.validate import is_whole, rule_set

#: the longest a homework is kept, in days, and the most pupils, quiz questions and class questions it has
MAX_DAYS, MAX_PUPILS, MAX_QUIZ, MAX_QUESTIONS = 60, 60, 10, 10
#: the longest title
TITLE_CHARS = 60
DAY = 86_400
LESSON_SLUGS = tuple(lesson.slug for lesson in LESSONS)

HOMEWORK = sa.Table(
    "quitlok_homework",
    metadata,
    sa.Column("code", sa.String(6), primary_key=True),
    sa.Column("teacher_hash", sa.String(64), nullable=False),
    sa.Column("title", sa.String(TITLE_CHARS), nullable=False),
    sa.Column("rules", sa.Text, nullable=False),
    #: JSON: {"lessons": [slug], "quiz": [seed], "questions": [{"kind": kind, "seed": seed}]}
    sa.Column("tasks", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    #: when it is deleted, with all its pupils' work (seconds since the epoch)
    sa.Column("expires", sa.Float, nullable=False, index=True),
)

HOMEWORK_PUPILS = sa.Table(
    "quitlok_homework_pupils",
    metadata,
    sa.Column("code", sa.String(6), sa.ForeignKey(HOMEWORK.c.code, ondelete="CASCADE"), primary_key=True),
    sa.Column("pupil", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("name", sa.String(20), nullable=False),
    sa.Column("name_key", sa.String(100), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False, index=True),
    sa.UniqueConstraint("code", "name_key"),
)

HOMEWORK_WORK = sa.Table(
    "quitlok_homework_work",
    metadata,
    sa.Column("code", sa.String(6), sa.ForeignKey(HOMEWORK.c.code, ondelete="CASCADE"), primary_key=True),
    sa.Column("pupil", sa.Integer, primary_key=True, autoincrement=False),
    #: "lesson:<slug>", "quiz:<n>" or "question:<n>" (n from 0)
    sa.Column("item", sa.String(40), primary_key=True),
    #: an option's number, a slider's value in per cent, or 1 for a lesson done
    sa.Column("response", sa.Float, nullable=False),
    sa.Column("done", sa.Float, nullable=False),
)


@dataclass(frozen=True)
class Member:
    """Whoever holds `token` is the teacher (`pupil` None) or that pupil of homework `code`."""

    code: str
    token: str
    pupil: int | None = None


@dataclass(frozen=True)
class Homework:
    """A homework as its teacher or one pupil sees it. `mine` holds this pupil's work by item (empty for the
    teacher)."""

    code: str
    title: str
    rules: RuleSet
    lessons: tuple[str, ...]
    quiz: tuple[quiz.Question, ...]
    questions: tuple[ClassQuestion, ...]
    created: float
    expires: float
    is_teacher: bool
    pupil: int | None
    name: str | None
    mine: dict[str, float]

    @property
    def items(self) -> int:
        return len(self.lessons) + len(self.quiz) + len(self.questions)

    def done(self) -> int:
        """How many of the items this pupil has done."""
        return len(self.mine)

    def right(self) -> tuple[int, int]:
        """This pupil's right answers, and questions answered (the quiz's and the class questions together)."""
        marks = [self.quiz[int(item[5:])].answer == int(response) for item, response in self.mine.items()
                 if item.startswith("quiz:")]
        marks += [self.questions[int(item[9:])].score(int(response) if self.questions[int(item[9:])].slider is None
                                                      else response)
                  for item, response in self.mine.items() if item.startswith("question:")]
        return sum(marks), len(marks)


@dataclass(frozen=True)
class PupilWork:
    """What one pupil did: lessons handed in, and right answers of those given, for the quiz and the class
    questions."""

    name: str
    lessons: int
    quiz: tuple[int, int]
    questions: tuple[int, int]
    #: when he last handed something in (None: nothing yet)
    last: float | None


@dataclass(frozen=True)
class QuizResult:
    """How the class did on one quiz question: the wrong options chosen, most often first, each with what the
    quiz tells a pupil who chose it (naming the misconception behind it)."""

    number: int
    prompt: str
    answer: str
    answered: int
    right: int
    wrong: tuple[tuple[str, int, str], ...]

    @property
    def share(self) -> float:
        return self.right / self.answered if self.answered else 0.0


@dataclass(frozen=True)
class HomeworkReport:
    pupils: tuple[PupilWork, ...]
    #: per lesson: (slug, how many pupils handed it in)
    lessons: tuple[tuple[str, int], ...]
    quiz: tuple[QuizResult, ...]
    #: the class questions, as a class session's report
    questions: Report


def quiz_question(rules: RuleSet, seed: int) -> quiz.Question:
    """The quiz question made from `seed`: one of quiz.GENERATORS under `rules`, with its own random."""
    rng = random.Random(f"homework/{seed}")
    return quiz.GENERATORS[seed % len(quiz.GENERATORS)](rng, rules)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _count(value: object, most: int, what: str) -> int:
    if not is_whole(value) or not 0 <= value <= most:
        raise ClassroomError(_("{what}: a whole number from 0 to {most} (got {got}).").format(
            what=_(what), most=most, got=shown(value)))
    return int(value)


class Homeworks(Store):
    """The store of homework, in the database of the rooms (quitlok.rooms.database)."""

    topic = "homework"

    def __init__(self, url: str | None = None, *, clock: Callable[[], float] = time.time,
                 news: News = NEWS) -> None:
        super().__init__(url, clock=clock, news=news)

    # --- the teacher -------------------------------------------------------------------------------------

    def create(self, rules: RuleSet, *, title: str = "", lessons: tuple[str, ...] = (), quiz_questions: int = 0,
               kinds: tuple[str, ...] | None = None, questions: int = 0, days: int = 7,
               seed: int | None = None) -> Member:
        """Set a homework under `rules`: `lessons` (slugs of quitlok.lessons), `quiz_questions` quiz questions and
        `questions` class questions of `kinds` (every kind the rules make when None), kept `days` days. The
        teacher holds the returned key. ClassroomError when it holds nothing, or a part is out of range."""
        rules = rule_set(rules)
        if not isinstance(title, str) or len(title.strip()) > TITLE_CHARS or not (title.isprintable()):
            raise ClassroomError(_("A title is one line of at most {most} characters.").format(most=TITLE_CHARS))
        if isinstance(lessons, str) or not all(slug in LESSON_SLUGS for slug in lessons):
            raise ClassroomError(_("Lessons are chosen from the app's lessons."))
        lessons = tuple(slug for slug in LESSON_SLUGS if slug in set(lessons))  # in the lessons' own order
        quiz_questions = _count(quiz_questions, MAX_QUIZ, N_("Quiz questions"))
        questions = _count(questions, MAX_QUESTIONS, N_("Class questions"))
        if not is_whole(days) or not 1 <= days <= MAX_DAYS:
            raise ClassroomError(_("A homework is kept from 1 to {most} days (got {got}).").format(most=MAX_DAYS,
                                                                                                   got=shown(days)))
        if not (lessons or quiz_questions or questions):
            raise ClassroomError(_("Choose at least one lesson, quiz question or class question."))
        seed = secrets.randbelow(2**31) if seed is None else seed
        if kinds is not None:
            kinds = tuple(check_kind(kind) for kind in kinds)
        made = QuestionSequence(rules, seed, kinds).take(questions) if questions else ()
        tasks = {"lessons": list(lessons),
                 # each quiz question's seed: a random number whose remainder picks the generator, in turn
                 "quiz": [random.Random(f"{seed}/quiz/{i}").randrange(2**24) * len(quiz.GENERATORS)
                          + i % len(quiz.GENERATORS) for i in range(quiz_questions)],
                 "questions": [{"kind": q.kind, "seed": q.seed} for q in made]}
        for number in tasks["quiz"]:
            quiz_question(rules, number)  # made once here: a rule set that cannot make one is refused now
        token = secrets.token_urlsafe(32)
        self.purge()
        now = self._clock()
        for _try in range(20):
            code = "".join(secrets.choice(ALPHABET) for _letter in range(CODE_LENGTH))
            try:
                with self._transaction(write=True) as conn:
                    conn.execute(sa.insert(HOMEWORK).values(
                        code=code, teacher_hash=_hash(token), title=" ".join(title.split()),
                        rules=json.dumps(rules_to_dict(rules)), tasks=json.dumps(tasks), created=now,
                        expires=now + days * DAY))
                return Member(code, token)
            except sa.exc.IntegrityError:
                continue
        raise ClassroomError(_("No free homework code was found: try again."))

    def delete(self, code: str, teacher: str) -> None:
        """The teacher deletes the homework and every pupil's work now."""
        code = room_code(code)
        with self._transaction(write=True) as conn:
            row = self._load(conn, code)
            self._check_teacher(row, teacher)
            self._remove(conn, [code])

    def purge(self, now: float | None = None) -> int:
        """Remove every homework whose period has passed, with its pupils and their work; returns how many."""
        moment = self._purge_moment(now)
        with self._transaction(write=True) as conn:
            old = [row.code for row in conn.execute(sa.select(HOMEWORK.c.code).where(HOMEWORK.c.expires <= moment))]
            self._remove(conn, old)
        return len(old)

    @staticmethod
    def _remove(conn: sa.Connection, codes: list[str]) -> None:
        if codes:
            for table in (HOMEWORK_WORK, HOMEWORK_PUPILS, HOMEWORK):
                conn.execute(sa.delete(table).where(table.c.code.in_(codes)))

    # --- a pupil ------------------------------------------------------------------------------------------

    def join(self, code: str, name: str) -> Member:
        """A pupil starts the homework under his class name (1 to 20 printable characters, unique in it)."""
        code = room_code(code)
        name, key = person_name(name)
        token = secrets.token_urlsafe(32)
        with self._transaction(write=True) as conn:
            self._load(conn, code)
            taken = conn.execute(sa.select(HOMEWORK_PUPILS.c.pupil, HOMEWORK_PUPILS.c.name_key)
                                 .where(HOMEWORK_PUPILS.c.code == code)).all()
            if len(taken) >= MAX_PUPILS:
                raise ClassroomError(_("This homework has {most} pupils already.").format(most=MAX_PUPILS))
            if any(row.name_key == key for row in taken):
                raise BadName(_("Someone called {name} has started this homework already: if that was you on another "
                                "device, go on there, or ask your teacher.").format(name=isolated(name)))
            pupil = max((row.pupil for row in taken), default=-1) + 1
            conn.execute(sa.insert(HOMEWORK_PUPILS).values(code=code, pupil=pupil, name=name, name_key=key,
                                                           token_hash=_hash(token)))
        return Member(code, token, pupil)

    def hand_in_lessons(self, code: str, token: str, done: tuple[str, ...]) -> int:
        """Note the homework's lessons among `done` (the slugs this pupil's progress shows done) as handed in;
        returns how many were new."""
        code = room_code(code)
        with self._transaction(write=True) as conn:
            row = self._load(conn, code)
            pupil = self._pupil_of(conn, code, token)
            wanted = set(json.loads(row.tasks)["lessons"]) & set(done if not isinstance(done, str) else ())
            have = {r.item for r in conn.execute(sa.select(HOMEWORK_WORK.c.item).where(
                HOMEWORK_WORK.c.code == code, HOMEWORK_WORK.c.pupil == pupil))}
            new = [item for item in sorted(f"lesson:{slug}" for slug in wanted) if item not in have]
            for item in new:
                conn.execute(sa.insert(HOMEWORK_WORK).values(code=code, pupil=pupil, item=item, response=1.0,
                                                             done=self._clock()))
        return len(new)

    def answer(self, code: str, token: str, item: str, response: float) -> bool:
        """This pupil's answer to "quiz:<n>" or "question:<n>": an option's number, or a slider's value in per
        cent. The first answer counts (ClassroomError for a second). Returns whether it was right."""
        code = room_code(code)
        with self._transaction(write=False) as conn:
            row = self._load(conn, code)
        work = self._work(row)
        kind, _colon, number = item.partition(":") if isinstance(item, str) else ("", "", "")
        if kind not in ("quiz", "question") or not number.isdigit() or int(number) >= len(work[kind]):
            raise BadResponse(_("{item} is not a question of this homework.").format(item=shown(item)))
        question = work[kind][int(number)]
        if isinstance(response, float) and response.is_integer():
            response = int(response)  # (as a page sends an option's number)
        if kind == "quiz":
            if not is_whole(response) or not 0 <= response < len(question.options):
                raise BadResponse(_("An answer here is an option's number, 0 to {last}.").format(
                    last=len(question.options) - 1))
            right = int(response) == question.answer
        else:
            right = question.score(response)
        with self._transaction(write=True) as conn:
            self._load(conn, code)
            pupil = self._pupil_of(conn, code, token)
            try:
                conn.execute(sa.insert(HOMEWORK_WORK).values(code=code, pupil=pupil, item=f"{kind}:{int(number)}",
                                                             response=float(response), done=self._clock()))
            except sa.exc.IntegrityError:
                raise ClassroomError(_("You have answered this one already: your first answer counts.")) from None
        return right

    # --- looking ------------------------------------------------------------------------------------------

    def homework_questions(self, code: str) -> tuple[quiz.Question, ...]:
        """The quiz questions of homework `code` (for tests and tools that need the right answers)."""
        code = room_code(code)
        with self._transaction(write=False) as conn:
            return self._work(self._load(conn, code))["quiz"]

    def look_up(self, code: str) -> None:
        """Nothing when homework `code` exists (RoomNotFound otherwise): a code typed or followed is checked."""
        code = room_code(code)
        with self._transaction(write=False) as conn:
            self._load(conn, code)

    def view(self, code: str, token: str) -> Homework:
        """The homework as the holder of `token` (its teacher or a pupil) sees it."""
        code = room_code(code)
        with self._transaction(write=False) as conn:
            row = self._load(conn, code)
            teacher = self._is_teacher(row, token)
            pupil, name, mine = None, None, {}
            if not teacher:
                pupil = self._pupil_of(conn, code, token)
                name = conn.execute(sa.select(HOMEWORK_PUPILS.c.name).where(
                    HOMEWORK_PUPILS.c.code == code, HOMEWORK_PUPILS.c.pupil == pupil)).scalar_one()
                mine = {r.item: r.response for r in conn.execute(sa.select(HOMEWORK_WORK).where(
                    HOMEWORK_WORK.c.code == code, HOMEWORK_WORK.c.pupil == pupil))}
        work = self._work(row)
        return Homework(code=code, title=row.title, rules=work["rules"], lessons=work["lessons"], quiz=work["quiz"],
                        questions=work["question"], created=row.created, expires=row.expires, is_teacher=teacher,
                        pupil=pupil, name=name, mine=mine)

    def report(self, code: str, teacher: str) -> HomeworkReport:
        """Who did what, and where the class went wrong: for the teacher alone (NotHost otherwise)."""
        code = room_code(code)
        with self._transaction(write=False) as conn:
            row = self._load(conn, code)
            self._check_teacher(row, teacher)
            pupils = conn.execute(sa.select(HOMEWORK_PUPILS).where(HOMEWORK_PUPILS.c.code == code)
                                  .order_by(HOMEWORK_PUPILS.c.pupil)).all()
            done = conn.execute(sa.select(HOMEWORK_WORK).where(HOMEWORK_WORK.c.code == code)).all()
        work = self._work(row)
        by_pupil: dict[int, dict[str, float]] = {}
        last: dict[int, float] = {}
        for d in done:
            by_pupil.setdefault(d.pupil, {})[d.item] = d.response
            last[d.pupil] = max(last.get(d.pupil, 0.0), d.done)
        questions = build_report(
            [Asked(n + 1, n, q) for n, q in enumerate(work["question"])],
            [Pupil(p.pupil, p.name) for p in pupils],
            {(int(d.item.split(":")[1]), d.pupil): d.response for d in done if d.item.startswith("question:")})
        per_pupil = {r.number: r for r in questions.pupils}
        quiz_right = {p: sum(1 for i, r in items.items() if i.startswith("quiz:")
                             and int(r) == work["quiz"][int(i.split(":")[1])].answer)
                      for p, items in by_pupil.items()}
        rows = tuple(PupilWork(
            name=p.name,
            lessons=sum(1 for i in by_pupil.get(p.pupil, {}) if i.startswith("lesson:")),
            quiz=(quiz_right.get(p.pupil, 0), sum(1 for i in by_pupil.get(p.pupil, {}) if i.startswith("quiz:"))),
            questions=(per_pupil[p.pupil].right, per_pupil[p.pupil].answered),
            last=last.get(p.pupil)) for p in pupils)
        quiz_results = []
        for n, q in enumerate(work["quiz"]):
            chosen = [int(items[f"quiz:{n}"]) for items in by_pupil.values() if f"quiz:{n}" in items]
            wrong = Counter(c for c in chosen if c != q.answer)
            quiz_results.append(QuizResult(
                number=n + 1, prompt=q.prompt, answer=q.options[q.answer], answered=len(chosen),
                right=sum(1 for c in chosen if c == q.answer),
                wrong=tuple((q.options[c], k, q.feedback[c]) for c, k in
                            sorted(wrong.items(), key=lambda item: (-item[1], item[0])))))
        lessons = tuple((slug, sum(1 for items in by_pupil.values() if f"lesson:{slug}" in items))
                        for slug in work["lessons"])
        return HomeworkReport(pupils=rows, lessons=lessons, quiz=tuple(quiz_results), questions=questions)

    # --- the database -------------------------------------------------------------------------------------

    @staticmethod
    def _work(row: sa.Row) -> Mapping[str, object]:
        return _made(row.rules, row.tasks, language())

    def _load(self, conn: sa.Connection, code: str) -> sa.Row:
        row = conn.execute(sa.select(HOMEWORK).where(HOMEWORK.c.code == code)).first()
        if row is None or row.expires <= self._clock():
            raise RoomNotFound(_("No homework has the code {code}: it may have been deleted at the end of the time "
                                 "the teacher set.").format(code=code))
        return row

    @staticmethod
    def _is_teacher(row: sa.Row, token: object) -> bool:
        return isinstance(token, str) and hmac.compare_digest(row.teacher_hash, _hash(token))

    def _check_teacher(self, row: sa.Row, token: object) -> None:
        if not self._is_teacher(row, token):
            raise NotHost(_("Only the teacher who set this homework can do that."))

    @staticmethod
    def _pupil_of(conn: sa.Connection, code: str, token: object) -> int:
        if isinstance(token, str) and token:
            pupil = conn.execute(sa.select(HOMEWORK_PUPILS.c.pupil).where(
                HOMEWORK_PUPILS.c.code == code, HOMEWORK_PUPILS.c.token_hash == _hash(token))).scalar()
            if pupil is not None:
                return pupil
        raise NotSeated(_("This device has not started homework {code}: start it with your class name.").format(
            code=code))


@functools.lru_cache(maxsize=64)
def _made(rules_text: str, tasks_text: str, language: str) -> Mapping[str, object]:
    """A homework's rules and questions, made from what is stored (the same text makes the same immutable
    questions: kept for the next look, as a page looks at every run), in `language`, the current language: their
    words are made with them, and each device reads the homework in its own."""
    rules = rules_from_dict(json.loads(rules_text))
    tasks = json.loads(tasks_text)
    return MappingProxyType({"rules": rules, "lessons": tuple(tasks["lessons"]),
                             "quiz": tuple(quiz_question(rules, seed) for seed in tasks["quiz"]),
                             "question": tuple(make_question(q["kind"], rules, q["seed"])
                                               for q in tasks["questions"])})


def days_left(expires: float, now: float) -> int:
    """Whole days until a homework is deleted (at least 1 while it is kept)."""
    return max(1, math.ceil((expires - now) / DAY))
