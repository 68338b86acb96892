"""Class sessions in the database: a teacher asks, the class answers on their phones, the teacher reveals.

The same database as the rooms (quitlok.rooms.database.Store), the same kind of join code, the same
version to poll. A session is one row: its rules, the seed of its questions, the rounds asked so far
(each a class question, or a vote on the move of the class's seat at a projected table), which round is
open, and whether the top five are shown. Students are rows of their own, answers too: an answer is
one short write that never touches the session's row, so thirty phones answering at once do not make
every other phone redraw. `version` grows only when what every screen shows changes (a question asked
or revealed, a nickname hidden); a student joining or answering leaves it alone (thirty phones joining
would make every phone redraw thirty times), and the teacher's screen polls `pulse`, which also counts
who joined and who answered.

The class table is a room of quitlok.rooms: the class holds one seat, computer players the others. The
seat's key is made from the teacher's key (an HMAC of it and the room's code), so only the teacher's key
plays it; like every key here it is kept only as a hash (`table_token` holds its SHA-256), so a copy of the
database opens no seat. A session stored by an earlier version, which kept that key in plain text, has it
replaced by its hash on first use, and the teacher's next step gives the seat its new key. A vote's options
are the seat's legal actions at the room's version when the vote opened; closing the vote plays the
majority's choice at that version, so a vote can never apply to a table that has changed. Closing a vote is one
write transaction on the session's row (locked): the votes are counted, the move is played at the table
(Rooms._act_within, in the same transaction) and the session is written, all or nothing; an answer takes the
session's row for itself as it is written (shared), so a vote arrives either before the count (and is counted)
or after the close (and is refused). The counts are kept with the vote, and its chart is drawn from them.

One device is one pupil: a phone that already holds a place in the session (its key, in the browser's storage)
gets that place back when it joins again; a place the teacher removed stays closed to the device that held it.
A pupil's score counts the questions asked since he joined. The teacher may hide, rename or remove a pupil, and
may ask for names from a list of friendly names (quitlok.classroom.names) instead of free nicknames; a free
nickname holding a refused word is refused.
"""

import base64
import csv
import hashlib
import hmac
import io
import json
import re
import secrets
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import sqlalchemy as sa

from quitlok.actions import (
    Action,
    Aluvun,
    Bet,
    Blot,
    Draw,
    Keep,
    KeepBank,
    Reject,
    Retire,
    StakeBank,
    Stand,
    Stay,
    describe,
)
from quitlok.classroom.errors import BadOwnQuestion, BadResponse, ClassroomError, Removed
from quitlok.classroom.names import friendly_names, refused_word
from quitlok.classroom.own import OWN, OwnQuestion
from quitlok.classroom.question import ClassQuestion
from quitlok.classroom.questions import check_kind, make_question
from quitlok.classroom.sequence import QuestionSequence
from quitlok.coach import coach
from quitlok.errors import shown
from quitlok.game import CLASS, action_label
from quitlok.i18n import SOURCE, _, pgettext, use
from quitlok.rooms import Rooms, RoomView
from quitlok.rooms.database import SEATS, Store, metadata
from quitlok.rooms.errors import (
    BadName,
    NoSuchPlayer,
    NoSuchRequest,
    NotHost,
    NotSeated,
    RoomNotFound,
    SeatMoved,
    StaleView,
)
from quitlok.rooms.news import NEWS, News
from quitlok.rooms.store import (
    ALPHABET,
    CODE_LENGTH,
    IDLE_SECONDS,
    MAX_WAITING,
    Asked,
    person_name,
    room_code,
    room_view,
)
from quitlok.rules import RuleSet
from quitlok.state_json import action_from_dict, action_to_dict, rules_from_dict, rules_to_dict
from quitlok.text import isolated, spreadsheet_cell
from quitlok.validate import flag, is_whole, rule_set

#: the most students one session takes
MAX_STUDENTS = 60
#: a question of the same kind as one already asked, position and all, is made again from another seed, this
#: many times at most, each SEED_STRIDE steps further along the session's sequence
REPEAT_TRIES, SEED_STRIDE = 6, 1_000
#: how many the board shows
BOARD_SIZE = 5
#: the computer players at the class table, by style
TABLE_STYLES = ("cautious", "bold", "cautious")
#: the class's seat at its table, and its name there: a key (quitlok.game.CLASS) that each device words in its own
#: language (quitlok.game.seat_name: "The class"); no person can take it
CLASS_SEAT, CLASS_NAME = 0, CLASS
#: the name an earlier version stored for the class's seat, in English: a table stored so reads as CLASS_NAME
OLD_CLASS_NAME = "The class"

CLASSES = sa.Table(
    "quitlok_classes",
    metadata,
    sa.Column("code", sa.String(6), primary_key=True),
    #: grows when what every screen shows changes (not with each answer)
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("teacher_hash", sa.String(64), nullable=False),
    sa.Column("rules", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    #: JSON list of the rounds asked: {"question": kind, "seed": n} or a vote (see Classes.open_vote)
    sa.Column("rounds", sa.Text, nullable=False, default="[]"),
    #: "open" (answers taken), "revealed" (answers shown), or "waiting" before the first round
    sa.Column("phase", sa.String(10), nullable=False),
    sa.Column("board", sa.Boolean, nullable=False, default=False),
    sa.Column("ended", sa.Boolean, nullable=False, default=False),
    #: the class table: the room's code and the SHA-256 of the class seat's key (made from the teacher's key:
    #: the teacher plays the seat as the class votes); an earlier version kept the key itself (see _hash_plain_keys)
    sa.Column("table_room", sa.String(6), nullable=True),
    sa.Column("table_token", sa.String(64), nullable=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("touched", sa.Float, nullable=False, index=True),
    #: pupils choose a name from the list of friendly names (quitlok.classroom.names) instead of a free one
    sa.Column("friendly", sa.Boolean, nullable=False, default=False, server_default=sa.false()),
    #: the reasons are said for a young class (ClassQuestion.why_for: chances in small numbers, no average chips)
    sa.Column("young", sa.Boolean, nullable=False, default=False, server_default=sa.false()),
)

STUDENTS = sa.Table(
    "quitlok_students",
    metadata,
    sa.Column("code", sa.String(6), sa.ForeignKey(CLASSES.c.code, ondelete="CASCADE"), primary_key=True),
    sa.Column("student", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("nickname", sa.String(20), nullable=False),
    sa.Column("name_key", sa.String(100), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False, index=True),
    #: the teacher hid this nickname from the screen
    sa.Column("hidden", sa.Boolean, nullable=False, default=False),
    #: how many rounds had been asked before this pupil joined (an open one he can still answer not counted):
    #: his score counts only the questions from this one on
    sa.Column("joined", sa.Integer, nullable=False, default=0, server_default="0"),
    sa.UniqueConstraint("code", "name_key"),
)

#: a pupil on a new phone asking for his place by nickname; the request's key becomes the place's key when the
#: teacher lets him in (kept only as its SHA-256), and the old key is remembered as moved (CLASS_KEYS_GONE)
CLASS_REQUESTS = sa.Table(
    "quitlok_class_requests",
    metadata,
    sa.Column("code", sa.String(6), sa.ForeignKey(CLASSES.c.code, ondelete="CASCADE"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("student", sa.Integer, nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False, index=True),
    sa.Column("asked", sa.Float, nullable=False),
    #: "waiting", "in" or "refused"
    sa.Column("answer", sa.String(10), nullable=False),
)

CLASS_KEYS_GONE = sa.Table(
    "quitlok_class_keys_gone",
    metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("code", sa.String(6), sa.ForeignKey(CLASSES.c.code, ondelete="CASCADE"), nullable=False, index=True),
    sa.Column("student", sa.Integer, nullable=False),
    #: "moved" (the pupil went on to a new phone) or "removed" (the teacher removed the pupil)
    sa.Column("reason", sa.String(10), nullable=False, default="moved", server_default="moved"),
)

#: columns added after the first version of these tables: added to a database made before them (_add_columns)
ADDED_COLUMNS = ((CLASSES, "friendly"), (CLASSES, "young"), (STUDENTS, "joined"), (CLASS_KEYS_GONE, "reason"))

ANSWERS = sa.Table(
    "quitlok_answers",
    metadata,
    sa.Column("code", sa.String(6), sa.ForeignKey(CLASSES.c.code, ondelete="CASCADE"), primary_key=True),
    sa.Column("round", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("student", sa.Integer, primary_key=True, autoincrement=False),
    #: an option's number, or a slider's value in per cent
    sa.Column("response", sa.Float, nullable=False),
)


@dataclass(frozen=True)
class Member:
    """Whoever holds `token` is the teacher (`student` None) or that student of session `code`."""

    code: str
    token: str = field(repr=False)
    student: int | None = None


@dataclass(frozen=True)
class Vote:
    """A vote of the class on its seat's move: the options, and once closed, what was played and its cost."""

    room_version: int
    options: tuple[str, ...]
    #: once closed: the option played (the majority's; a tie goes to the option listed first)
    chosen: int | None = None
    #: once closed: the advisor's value of each option in chips (empty for a banker's decision)
    values: tuple[float, ...] = ()
    #: once closed: how many events the class table's log (RoomView.events) had before the move, so the events
    #: after tell what the move and the computer players' moves after it did (to the end of a hand and beyond).
    #: None for a vote closed before the log was events (its number counted sentences: not kept)
    events_from: int | None = None
    #: once closed: whether the vote was tied (the option listed first of those tied was played)
    tied: bool = False
    #: once closed: the votes counted for each option as the vote closed (what the chart shows; empty for a
    #: vote closed by an earlier version, whose chart is drawn from the answers stored)
    counts: tuple[int, ...] = ()
    #: the move each option names, as stored (`options` are their labels); empty for a vote an earlier version
    #: stored as the buttons' labels alone
    actions: tuple[Action, ...] = ()


@dataclass(frozen=True)
class Round:
    """One round: a class question, or a vote at the class table."""

    question: ClassQuestion | OwnQuestion | None
    vote: Vote | None

    @property
    def options(self) -> tuple[str, ...]:
        return self.vote.options if self.vote else self.question.options

    @property
    def title(self) -> str:
        return _("The class's move") if self.vote else self.question.title

    def right(self, response: float) -> bool | None:
        """Whether `response` was right (None for a vote: a vote has no right answer until the advisor's)."""
        if self.vote:
            return None
        return self.question.score(int(response) if self.question.slider is None else response)


@dataclass(frozen=True)
class Pulse:
    """A session's signs of life, cheap to poll: its version, how many joined, how many answered now, and
    (when asked with a student's key) that student's answer now."""

    version: int
    joined: int
    answered: int
    mine: float | None = None


@dataclass(frozen=True)
class ClassView:
    """A session as the teacher or one student sees it."""

    code: str
    version: int
    is_teacher: bool
    #: this student's number (None for the teacher)
    student: int | None
    nickname: str | None
    rules: RuleSet
    #: "waiting" before the first round, "open" while answers are taken, "revealed" once shown
    phase: str
    ended: bool
    #: the round now (None before the first), and its number from 0
    round: Round | None
    round_number: int
    #: how many questions have been asked, the one now included (votes at the class table are not counted)
    questions_asked: int
    #: how many have answered the round now
    answered: int
    #: every answer of the round now: for the teacher once revealed, for a student once revealed; else ()
    responses: tuple[float, ...]
    #: this student's answer to the round now (None if none, or for the teacher)
    mine: float | None
    #: this student's right answers, and questions revealed since he joined
    score: tuple[int, int]
    #: (nickname, right answers) of the top five when the teacher shows them, else (); hidden names hidden
    board: tuple[tuple[str, int], ...]
    board_shown: bool
    #: for the teacher: every student as (number, nickname, hidden, right answers)
    students: tuple[tuple[int, str, bool, int], ...]
    #: the number of students in the session
    class_size: int
    #: per revealed question: (its number as the screen showed it, from 1: votes at the class table are not
    #: questions; title, share of answers that were right, answers)
    results: tuple[tuple[int, str, float, int], ...]
    #: the class table as the class's seat sees it (None until the teacher starts one)
    table: RoomView | None
    #: for the teacher: pupils on a new phone asking for their place, as (number, student, nickname)
    requests: tuple[tuple[int, int, str], ...] = ()
    #: pupils choose from the list of friendly names (quitlok.classroom.names) instead of free nicknames
    friendly: bool = False
    #: the reasons are said for a young class (ClassQuestion.why_for)
    young: bool = False


class Classes(Store):
    """The store of class sessions, in the database of the rooms (quitlok.rooms.database)."""

    topic = "classes"

    def __init__(self, url: str | None = None, *, clock: Callable[[], float] = time.time,
                 news: News = NEWS) -> None:
        super().__init__(url, clock=clock, news=news)
        self.rooms = Rooms(self.url, clock=clock, news=news)
        self._keys_hashed = False
        self._hashing = threading.Lock()

    def close(self) -> None:
        super().close()
        self.rooms.close()

    # --- joining -----------------------------------------------------------------------------------

    def create(self, rules: RuleSet, *, seed: int | None = None, friendly: bool = False) -> Member:
        """A new session under `rules`; the teacher holds the returned key. `seed` fixes its questions;
        `friendly` has pupils choose names from the list of friendly names."""
        rules = rule_set(rules)
        flag("friendly", friendly)
        seed = secrets.randbelow(2**31) if seed is None else seed
        if not is_whole(seed) or not 0 <= seed < 2**62:
            raise ClassroomError(_("A session's seed is a whole number from 0 (got {seed}).").format(seed=shown(seed)))
        token = secrets.token_urlsafe(32)
        self.purge()
        now = self._clock()
        for _try in range(20):
            code = "".join(secrets.choice(ALPHABET) for _letter in range(CODE_LENGTH))
            try:
                with self._transaction(write=True) as conn:
                    conn.execute(sa.insert(CLASSES).values(
                        code=code, version=1, teacher_hash=_hash(token), rules=json.dumps(rules_to_dict(rules)),
                        seed=seed, rounds="[]", phase="waiting", board=False, ended=False, created=now,
                        touched=now, friendly=friendly))
                return Member(code, token)
            except sa.exc.IntegrityError:
                continue
        raise ClassroomError(_("No free session code was found: try again."))

    def join(self, code: str, nickname: str, *, held: tuple[str, ...] | list[str] = ()) -> Member:
        """A student joins with a nickname (1 to 20 printable characters, unique in the session; one of the
        friendly names when the session asks for them; no refused word in a free one). `held` is the keys this
        device holds for the session: a device that holds a place gets that place back (one device is one
        pupil), and a device whose place the teacher removed is refused."""
        code = room_code(code)
        name, key = person_name(nickname)
        held = [k for k in held if isinstance(k, str) and k][:16]
        token = secrets.token_urlsafe(32)
        with self._transaction(write=True) as conn:
            session = self._load(conn, code)
            if session.ended:
                raise ClassroomError(_("The class session {code} has ended.").format(code=code))
            for mine in held:
                try:
                    student = self._student_of(conn, code, mine)
                except Removed:
                    raise
                except NotSeated:
                    continue
                return Member(code, mine, student)
            if session.friendly and name not in friendly_names():
                raise BadName(_("Choose one of the names in the list: this class uses them instead of "
                                "nicknames."))
            if not session.friendly and refused_word(name):
                raise BadName(_("That nickname is not allowed here: please choose another."))
            taken = conn.execute(sa.select(STUDENTS.c.student, STUDENTS.c.name_key)
                                 .where(STUDENTS.c.code == code)).all()
            if len(taken) >= MAX_STUDENTS:
                raise ClassroomError(_("The class session {code} is full ({most} students).").format(
                    code=code, most=MAX_STUDENTS))
            if any(row.name_key == key for row in taken):
                raise BadName(_("Someone called {name} is already in this class: please choose another "
                                "nickname.").format(name=isolated(name)))
            gone = conn.execute(sa.select(sa.func.max(CLASS_KEYS_GONE.c.student))
                                .where(CLASS_KEYS_GONE.c.code == code)).scalar()
            student = max([row.student for row in taken] + [gone if gone is not None else -1], default=-1) + 1
            rounds = len(json.loads(session.rounds))
            joined = rounds - 1 if session.phase == "open" else rounds  # the open question is his to answer
            conn.execute(sa.insert(STUDENTS).values(code=code, student=student, nickname=name, name_key=key,
                                                    token_hash=_hash(token), hidden=False, joined=joined))
            conn.execute(sa.update(CLASSES).where(CLASSES.c.code == code).values(touched=self._clock()))
        return Member(code, token, student)

    def free_names(self, code: str) -> tuple[str, ...]:
        """The friendly names nobody in the session has taken yet, in the list's order."""
        code = room_code(code)
        with self._transaction(write=False) as conn:
            self._load(conn, code)
            taken = set(conn.execute(sa.select(STUDENTS.c.name_key).where(STUDENTS.c.code == code)).scalars())
        return tuple(n for n in friendly_names() if person_name(n)[1] not in taken)

    # --- the teacher's steps ---------------------------------------------------------------------------

    def ask(self, code: str, teacher: str, kind: str | None = None) -> int:
        """Open the next question: the session's next step, or a question of `kind`. Returns the version."""
        code = room_code(code)
        if kind is not None:
            check_kind(kind)

        def next_round(session: sa.Row, rounds: list[dict]) -> list[dict]:
            rules = session_rules(session)
            asked = sum(1 for r in rounds if "question" in r)
            run = QuestionSequence(rules, session.seed)
            chosen = kind or run.kind(asked)
            before = {make_question(r["question"], rules, r["seed"]).prompt for r in rounds
                      if r.get("question") == chosen}
            for attempt in range(REPEAT_TRIES):  # a small hand can come round again: take the next seed
                seed = run.question_seed(asked + attempt * SEED_STRIDE)
                # made now, so that a kind these rules lack is refused (KindUnavailable) rather than when shown
                if make_question(chosen, rules, seed).prompt not in before:
                    break
            return [*rounds, {"question": chosen, "seed": seed}]

        return self._teacher_change(code, teacher, next_round, phase="open")

    def ask_own(self, code: str, teacher: str, question: OwnQuestion) -> int:
        """Open one of the teacher's own questions (quitlok.classroom.own), numbered among the engine's. Returns
        the version."""
        code = room_code(code)
        if not isinstance(question, OwnQuestion):
            raise BadOwnQuestion(_("A question of the teacher's own is an OwnQuestion, not {question}.").format(
                question=shown(question)))
        return self._teacher_change(code, teacher, lambda session, rounds: [*rounds, {OWN: question.to_dict()}],
                                    phase="open")

    def reveal(self, code: str, teacher: str) -> int:
        """Show the answers of the round now; a vote is closed and the majority's move is played."""
        code = room_code(code)
        with self._transaction(write=False) as conn:
            session = self._load(conn, code)
        rounds = json.loads(session.rounds)
        if session.phase == "open" and "vote" in rounds[-1] and not session.ended:
            self._check_teacher(session, teacher)
            return self._close_vote(session, teacher)

        def close(session: sa.Row, rounds: list[dict]) -> list[dict]:
            if session.phase != "open":
                raise ClassroomError(_("There is no open question to reveal: ask one first."))
            if "vote" in rounds[-1]:  # a vote opened since the read above: closed by _close_vote only
                raise StaleView(_("Someone changed the session at the same moment: nothing was done. Try "
                                  "again."))
            return rounds

        return self._teacher_change(code, teacher, close, phase="revealed")

    def _close_vote(self, read: sa.Row, teacher: str) -> int:
        """Close the vote open in session `read`: in one transaction, on the session's locked row, count the votes,
        play the majority's option at the table (a tie: the option listed first) and write the session. All of
        it happens, or none (StaleView: nothing changed, the vote stays open). The advisor's values of the
        options are worked out first, outside the transaction: they depend on the table alone, which must still
        be where the vote found it."""
        code, rounds = read.code, json.loads(read.rounds)
        number, vote = len(rounds) - 1, rounds[-1]
        table = self._table(read, teacher)
        if table is None or table.version != vote["room_version"]:
            raise StaleView(_("The class table changed since the vote opened: open a new vote."))
        actions = _vote_actions(table, vote)
        coaching = coach(table.state, table.banker_stands_on)
        values = [coaching.values[action] for action in actions] if coaching else []
        with self._transaction(write=True) as conn:
            session = self._load(conn, code, lock=True)
            if session.ended or session.phase != "open" or json.loads(session.rounds) != rounds:
                raise StaleView(_("Someone changed the session at the same moment: nothing was done. "
                                  "Look again."))
            counts = Counter(int(r.response) for r in conn.execute(
                sa.select(ANSWERS.c.response).where(ANSWERS.c.code == code, ANSWERS.c.round == number)))
            if not counts:
                raise ClassroomError(_("Nobody has voted yet: wait for the class, then reveal."))
            chosen = max(range(len(actions)), key=lambda i: (counts[i], -i))
            tied = sum(1 for n in counts.values() if n == counts[chosen]) > 1
            self.rooms._act_within(conn, table.code, _table_key(teacher, table.code), actions[chosen],
                                  version=table.version)
            closed = {**vote, "chosen": chosen, "values": values, "events_from": len(table.events), "tied": tied,
                      "counts": [counts[i] for i in range(len(actions))]}
            conn.execute(sa.update(CLASSES).where(CLASSES.c.code == code).values(
                version=session.version + 1, touched=self._clock(), phase="revealed",
                rounds=json.dumps([*rounds[:-1], closed])))
            self._changed(conn, code, session.version + 1)
        return session.version + 1

    def show_board(self, code: str, teacher: str, shown: bool) -> int:
        """Show the top five on every screen, or not."""
        return self._teacher_change(room_code(code), teacher, lambda s, rounds: rounds, board=flag("shown", shown))

    def hide(self, code: str, teacher: str, student: int, hidden: bool = True) -> int:
        """Hide a nickname from every screen (it reads '(hidden)'), or show it again."""
        code = room_code(code)
        flag("hidden", hidden)
        _check_student(student)
        with self._transaction(write=True) as conn:
            session = self._load(conn, code, lock=True)
            self._check_teacher(session, teacher)
            done = conn.execute(sa.update(STUDENTS).where(STUDENTS.c.code == code, STUDENTS.c.student == student)
                                .values(hidden=hidden))
            if done.rowcount != 1:
                raise ClassroomError(_("There is no student {student} in this class.").format(student=repr(student)))
            return self._bump(conn, session)

    def rename(self, code: str, teacher: str, student: int, nickname: str) -> int:
        """Give a pupil another name (the teacher's choice: any name fit for a room, unique in the session)."""
        code = room_code(code)
        name, key = person_name(nickname)
        _check_student(student)
        with self._transaction(write=True) as conn:
            session = self._load(conn, code, lock=True)
            self._check_teacher(session, teacher)
            clash = conn.execute(sa.select(STUDENTS.c.student).where(
                STUDENTS.c.code == code, STUDENTS.c.name_key == key, STUDENTS.c.student != student)).first()
            if clash is not None:
                raise BadName(_("Someone called {name} is already in this class: choose another name.").format(
                    name=isolated(name)))
            done = conn.execute(sa.update(STUDENTS).where(STUDENTS.c.code == code, STUDENTS.c.student == student)
                                .values(nickname=name, name_key=key))
            if done.rowcount != 1:
                raise ClassroomError(_("There is no student {student} in this class.").format(student=repr(student)))
            return self._bump(conn, session)

    def remove(self, code: str, teacher: str, student: int) -> int:
        """Take a pupil out of the session: his name and answers go, and the device that held his place cannot
        join again (its next look says the teacher removed it)."""
        code = room_code(code)
        _check_student(student)
        with self._transaction(write=True) as conn:
            session = self._load(conn, code, lock=True)
            self._check_teacher(session, teacher)
            place = sa.and_(STUDENTS.c.code == code, STUDENTS.c.student == student)
            key = conn.execute(sa.select(STUDENTS.c.token_hash).where(place)).scalar()
            if key is None:
                raise ClassroomError(_("There is no student {student} in this class.").format(student=repr(student)))
            conn.execute(sa.update(CLASS_KEYS_GONE).where(CLASS_KEYS_GONE.c.code == code,
                                                          CLASS_KEYS_GONE.c.student == student)
                         .values(reason="removed"))  # his earlier phones too
            conn.execute(sa.insert(CLASS_KEYS_GONE).values(token_hash=key, code=code, student=student,
                                                           reason="removed"))
            conn.execute(sa.delete(ANSWERS).where(ANSWERS.c.code == code, ANSWERS.c.student == student))
            conn.execute(sa.delete(CLASS_REQUESTS).where(CLASS_REQUESTS.c.code == code,
                                                         CLASS_REQUESTS.c.student == student))
            conn.execute(sa.delete(STUDENTS).where(place))
            return self._bump(conn, session)

    def choose_names(self, code: str, teacher: str, friendly: bool) -> int:
        """From now on pupils who join choose from the list of friendly names (True) or give a free nickname."""
        return self._teacher_change(room_code(code), teacher, lambda s, rounds: rounds,
                                    friendly=flag("friendly", friendly))

    def for_young_class(self, code: str, teacher: str, young: bool) -> int:
        """From now on the reasons are said for a young class (True: chances in small numbers such as "about 1 in
        3", no average chips) or as everywhere else in the app."""
        return self._teacher_change(room_code(code), teacher, lambda s, rounds: rounds, young=flag("young", young))

    def end(self, code: str, teacher: str) -> int:
        """End the session: no more answers or joins; the results stay to be read."""
        return self._teacher_change(room_code(code), teacher, lambda s, rounds: rounds, ended=True)

    # --- the class table ---------------------------------------------------------------------------------

    def start_table(self, code: str, teacher: str, *, bank: int = 10, purses: int = 20) -> int:
        """Open a projected table where the class plays one seat against computer players."""
        code = room_code(code)
        with self._transaction(write=False) as conn:
            session = self._load(conn, code)
        self._check_teacher(session, teacher)
        seat = self.rooms._create(session_rules(session), CLASS_NAME, CLASS_NAME, bank=bank, purses=purses)
        for style in TABLE_STYLES:
            self.rooms.add_computer(seat.code, seat.token, style)
        self.rooms.start(seat.code, seat.token)
        key = _table_key(teacher, seat.code)
        self._give_table_key(seat.code, key)  # the room's own key is forgotten: only the teacher's opens the seat
        return self._teacher_change(code, teacher, lambda s, rounds: rounds, table_room=seat.code,
                                    table_token=_hash(key))

    def open_vote(self, code: str, teacher: str) -> int:
        """Let the class vote on its seat's move at the class table (only when the seat is to act)."""
        code = room_code(code)

        def vote(session: sa.Row, rounds: list[dict]) -> list[dict]:
            table = self._table(session, teacher)
            if table is None:
                raise ClassroomError(_("Start the class table first."))
            if not table.legal:
                raise ClassroomError(_("It is not the class's turn at the table."))
            state = table.state
            raising = state.rules.bet_first and state.aluvun_called  # how the options are named (action_label)
            return [*rounds, {"vote": [action_to_dict(a) for a in table.legal], "raising": raising,
                              "room_version": table.version}]

        return self._teacher_change(code, teacher, vote, phase="open")

    def _table(self, session: sa.Row, teacher: str | None = None) -> RoomView | None:
        """The class table as the class's seat sees it: through the seat's key when the teacher (already
        checked) asks, so that computer players left to act play on; else read as the store, by the seat."""
        if session.table_room is None:
            return None
        try:
            if teacher is None:
                room, seats, extra, log = self.rooms._read_seen(session.table_room, lambda seats: CLASS_SEAT)
                return _class_named(room_view(session.table_room, room, seats, CLASS_SEAT, extra=extra,
                                              now=self.rooms._clock(), log=log))
            key = _table_key(teacher, session.table_room)
            if not hmac.compare_digest(session.table_token or "", _hash(key)):
                self._rekey_table(session, key)  # a session stored by an earlier version: the seat gets its key
            return _class_named(self.rooms.view(session.table_room, key))
        except (RoomNotFound, NotSeated):
            return None

    def _give_table_key(self, room: str, key: str) -> None:
        """The class's seat at table `room` opens with `key` alone from now on (its version is left alone: a
        vote open on it stays open)."""
        with self.rooms._transaction(write=True) as conn:
            conn.execute(sa.update(SEATS).where(SEATS.c.code == room, SEATS.c.seat == CLASS_SEAT)
                         .values(token_hash=_hash(key)))

    def _rekey_table(self, session: sa.Row, key: str) -> None:
        """Give the class's seat the key made from the teacher's, for a table opened by an earlier version."""
        self._give_table_key(session.table_room, key)
        with self._transaction(write=True) as conn:
            conn.execute(sa.update(CLASSES).where(CLASSES.c.code == session.code,
                                                  CLASSES.c.table_room == session.table_room)
                         .values(table_token=_hash(key)))

    def _prepare(self) -> None:
        super()._prepare()
        if self._keys_hashed:
            return
        with self._hashing:
            if not self._keys_hashed:
                self._add_columns()
                self._hash_plain_keys()
                self._keys_hashed = True

    def _add_columns(self) -> None:
        """A database made by an earlier version lacks the columns added since (ADDED_COLUMNS): each is added,
        with its default for the rows already there. Two servers may try at once: the loser finds it added."""
        for table, name in ADDED_COLUMNS:
            column = table.c[name]
            with self._engine.connect() as conn:
                conn.execution_options(quitlok_write=True)
                with conn.begin():
                    if name in {c["name"] for c in sa.inspect(conn).get_columns(table.name)}:
                        continue
                    kind = column.type.compile(dialect=conn.dialect)
                    default = column.server_default.arg
                    default = default if isinstance(default, str) else default.compile(dialect=conn.dialect)
                    default = default if isinstance(column.type, sa.Integer | sa.Boolean) else f"'{default}'"
                    try:
                        conn.exec_driver_sql(f"ALTER TABLE {table.name} ADD COLUMN {name} {kind} NOT NULL "
                                             f"DEFAULT {default}")
                    except sa.exc.DBAPIError:
                        if name not in {c["name"] for c in sa.inspect(self._engine).get_columns(table.name)}:
                            raise

    def _hash_plain_keys(self) -> None:
        """A database made by an earlier version kept the class table's key in plain text: each such key is
        replaced by its SHA-256 on first use (the teacher's next step then gives the seat a key made from his
        own, _table). A key in plain text is told from a hash by its form: a hash is 64 hexadecimal digits."""
        with self._engine.connect() as conn:
            conn.execution_options(quitlok_write=True)
            with conn.begin():
                rows = conn.execute(sa.select(CLASSES.c.code, CLASSES.c.table_token)
                                    .where(CLASSES.c.table_token.is_not(None))).all()
                for row in rows:
                    if not _HASHED.fullmatch(row.table_token):
                        conn.execute(sa.update(CLASSES).where(CLASSES.c.code == row.code,
                                                              CLASSES.c.table_token == row.table_token)
                                     .values(table_token=_hash(row.table_token)))

    # --- answering and looking ---------------------------------------------------------------------------

    def answer(self, code: str, token: str, response: float) -> None:
        """A student's answer to the open round (an option's number, or a slider's value in per cent); a
        second answer replaces the first until the teacher reveals."""
        code = room_code(code)
        with self._transaction(write=False) as conn:
            session = self._load(conn, code)
            me = self._student_of(conn, code, token)
        if session.ended or session.phase != "open":
            raise ClassroomError(_("Answers are closed: wait for the next question."))
        rounds = json.loads(session.rounds)
        number = len(rounds) - 1
        current = stored_round(session_rules(session), rounds[-1])
        if current.vote:
            if not is_whole(response) or not 0 <= response < len(current.vote.options):
                raise BadResponse(_("A vote is an option's number, 0 to {last}.").format(
                    last=len(current.vote.options) - 1))
        else:
            current.question.score(_whole(response) if current.question.slider is None else response)
        where = sa.and_(ANSWERS.c.code == code, ANSWERS.c.round == number, ANSWERS.c.student == me)
        with self._transaction(write=True) as conn:
            now = self._load(conn, code, lock=True, shared=True)  # waits for a vote's close, which it then sees
            if now.phase != "open" or len(json.loads(now.rounds)) - 1 != number:
                raise ClassroomError(_("Answers are closed: wait for the next question."))
            if conn.execute(sa.update(ANSWERS).where(where).values(response=float(response))).rowcount == 0:
                conn.execute(sa.insert(ANSWERS).values(code=code, round=number, student=me, response=float(response)))

    def version(self, code: str) -> int:
        """The session's version: poll it, and look again when it changed."""
        code = room_code(code)
        with self._transaction(write=False) as conn:
            return self._load(conn, code).version

    def pulse(self, code: str, student: str | None = None) -> Pulse:
        """What the screens poll: the version, how many have joined, how many answered the round now, and,
        given a student's key, that student's own answer to it (a phone checks it shows what it sent)."""
        code = room_code(code)
        with self._transaction(write=False) as conn:
            session = self._load(conn, code)
            number = len(json.loads(session.rounds)) - 1
            count = sa.select(sa.func.count())
            joined = conn.execute(count.select_from(STUDENTS).where(STUDENTS.c.code == code)).scalar_one()
            answered = conn.execute(count.select_from(ANSWERS).where(
                ANSWERS.c.code == code, ANSWERS.c.round == number)).scalar_one()
            mine = None
            if student is not None:
                me = self._student_of(conn, code, student)
                mine = conn.execute(sa.select(ANSWERS.c.response).where(
                    ANSWERS.c.code == code, ANSWERS.c.round == number, ANSWERS.c.student == me)).scalar()
        return Pulse(session.version, joined, answered, mine)

    def view(self, code: str, token: str) -> ClassView:
        """The session as the holder of `token` (the teacher or a student) may see it."""
        if not isinstance(token, str):
            raise NotSeated(_("This device holds no place in class session {code}: join with a nickname.").format(
                code=shown(code)))
        return self._view(code, token)

    def screen(self, code: str) -> ClassView:
        """The session as the projected screen shows it: what every pupil may see (the round, and once revealed
        the answers), the top five when shown; no key, no pupil, no class list, no requests."""
        return self._view(code, None)

    def joining_names(self, code: str) -> tuple[str, ...] | None:
        """The friendly names a newcomer may still choose (the session asks for them), or None: free nicknames."""
        code = room_code(code)
        with self._transaction(write=False) as conn:
            if not self._load(conn, code).friendly:
                return None
        return self.free_names(code)

    def _view(self, code: str, token: str | None) -> ClassView:
        code = room_code(code)
        with self._transaction(write=False) as conn:
            session = self._load(conn, code)
            teacher = isinstance(token, str) and hmac.compare_digest(session.teacher_hash, _hash(token))
            me = None if teacher or token is None else self._student_of(conn, code, token)
            students = conn.execute(sa.select(STUDENTS).where(STUDENTS.c.code == code)
                                    .order_by(STUDENTS.c.student)).all()
            answers = conn.execute(sa.select(ANSWERS).where(ANSWERS.c.code == code)).all()
            waiting = conn.execute(_WAITING, {"code": code}).all() if teacher else ()
        rules = session_rules(session)
        rounds = [stored_round(rules, r) for r in json.loads(session.rounds)]
        number = len(rounds) - 1
        by_round: dict[int, dict[int, float]] = {}
        for a in answers:
            by_round.setdefault(a.round, {})[a.student] = a.response
        revealed = [i for i in range(len(rounds)) if i < number or session.phase == "revealed"]
        right = Counter()
        results = []
        shown_as = {i: n for n, i in enumerate((i for i, r in enumerate(rounds) if r.question is not None), 1)}
        for i in revealed:
            if rounds[i].question is None:
                continue
            given = by_round.get(i, {})
            good = [s for s, response in given.items() if rounds[i].right(response)]
            right.update(good)
            results.append((shown_as[i], rounds[i].title, len(good) / len(given) if given else 0.0, len(given)))
        since = next((s.joined for s in students if s.student == me), 0)
        asked = sum(1 for i in revealed if rounds[i].question is not None and i >= since)
        # Translators: stands for a pupil's nickname the teacher hid from the projected screen (the top five)
        hidden = _("(hidden)")
        names = {s.student: hidden if s.hidden else s.nickname for s in students}
        names_all = {s.student: s.nickname for s in students}
        board = tuple(sorted(((names[s.student], right[s.student]) for s in students), key=lambda x: -x[1])
                      [:BOARD_SIZE]) if session.board else ()
        now = by_round.get(number, {})
        shown = session.phase == "revealed" and number >= 0
        closed = rounds[-1].vote if rounds else None
        responses = (tuple(float(i) for i, n in enumerate(closed.counts) for _ in range(n))
                     if shown and closed is not None and closed.counts else tuple(now.values()) if shown else ())
        nickname = next((s.nickname for s in students if s.student == me), None)
        return ClassView(
            code=code, version=session.version, is_teacher=teacher, student=me, nickname=nickname, rules=rules,
            phase=session.phase, ended=session.ended, round=rounds[-1] if rounds else None, round_number=number,
            questions_asked=sum(1 for r in rounds if r.question is not None),
            answered=len(now), responses=responses,
            mine=None if teacher else now.get(me), score=(right[me], asked) if me is not None else (0, asked),
            board=board, board_shown=session.board,
            students=tuple((s.student, s.nickname, s.hidden, right[s.student]) for s in students) if teacher else (),
            class_size=len(students), results=tuple(results), table=self._table(session, token if teacher else None),
            requests=tuple((r.number, r.student, names_all[r.student]) for r in waiting if r.student in names_all),
            friendly=bool(session.friendly), young=bool(session.young))

    def results_csv(self, code: str, teacher: str) -> str:
        """Every revealed question (numbered as the screen showed it) with its share of right answers, hardest
        first, as CSV for a spreadsheet.
        Written by the csv module (a quote or a comma in a title stays in its cell), every text cell as text a
        spreadsheet never runs as a formula (quitlok.text.spreadsheet_cell)."""
        view = self.view(code, teacher)
        if not view.is_teacher:
            raise NotHost(_("Only the teacher can download the class's results."))
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        # Translators: the column headers of the class's results, a CSV file the teacher downloads
        writer.writerow([pgettext("CSV column", "question"), _("title"), _("answers"), _("share right")])
        for number, title, share, answers in sorted(view.results, key=lambda r: (r[2], r[0])):
            writer.writerow([number, spreadsheet_cell(title), answers, f"{share:.2f}"])
        return out.getvalue()

    def purge(self, now: float | None = None) -> int:
        """Remove every session nobody has changed for IDLE_SECONDS (12 hours); returns how many. `now` is a real
        moment, not later than the clock (a time to come, inf or NaN would remove every session)."""
        cutoff = self._purge_moment(now) - IDLE_SECONDS
        with self._transaction(write=True) as conn:
            old = sa.select(CLASSES.c.code).where(CLASSES.c.touched < cutoff)
            for table in (ANSWERS, CLASS_REQUESTS, CLASS_KEYS_GONE):
                conn.execute(sa.delete(table).where(table.c.code.in_(old)))
            conn.execute(sa.delete(STUDENTS).where(STUDENTS.c.code.in_(old)))
            return conn.execute(sa.delete(CLASSES).where(CLASSES.c.touched < cutoff)).rowcount

    # --- the database -----------------------------------------------------------------------------------

    def _teacher_change(self, code: str, teacher: str, work: Callable[[sa.Row, list[dict]], list[dict]],
                        **values: object) -> int:
        """Check the teacher's key, work out the new rounds from the session as read, and write them with the
        next version, only if nobody changed the session in between (else StaleView: nothing changed)."""
        with self._transaction(write=False) as conn:
            session = self._load(conn, code)
        self._check_teacher(session, teacher)
        if session.ended:
            raise ClassroomError(_("This class session has ended."))
        rounds = work(session, json.loads(session.rounds))
        with self._transaction(write=True) as conn:
            done = conn.execute(sa.update(CLASSES).where(CLASSES.c.code == code,
                                                         CLASSES.c.version == session.version)
                                .values(version=session.version + 1, touched=self._clock(),
                                        rounds=json.dumps(rounds), **values))
            if done.rowcount != 1:
                raise StaleView(_("Someone changed the session at the same moment: nothing was done. Try "
                                  "again."))
            self._changed(conn, code, session.version + 1)
        return session.version + 1

    def _bump(self, conn: sa.Connection, session: sa.Row) -> int:
        conn.execute(sa.update(CLASSES).where(CLASSES.c.code == session.code)
                     .values(version=CLASSES.c.version + 1, touched=self._clock()))
        self._changed(conn, session.code, session.version + 1)
        return session.version + 1

    def _load(self, conn: sa.Connection, code: str, *, lock: bool = False, shared: bool = False) -> sa.Row:
        """The session's row; with `lock`, locked for the rest of the transaction (PostgreSQL: FOR UPDATE, or
        FOR SHARE when `shared`: writers that only add rows of their own; SQLite has one writer at a time)."""
        query = sa.select(CLASSES).where(CLASSES.c.code == code)
        session = conn.execute(query.with_for_update(read=shared) if lock else query).first()
        if session is None or session.touched < self._clock() - IDLE_SECONDS:
            raise RoomNotFound(_("No class session has the code {code}: it may have ended, or been idle "
                                 "for {hours} hours.").format(code=code, hours=IDLE_SECONDS // 3600))
        return session

    @staticmethod
    def _check_teacher(session: sa.Row, token: str) -> None:
        if not (isinstance(token, str) and hmac.compare_digest(session.teacher_hash, _hash(token))):
            raise NotHost(_("Only the teacher can do that."))

    @staticmethod
    def _student_of(conn: sa.Connection, code: str, token: str) -> int:
        if isinstance(token, str) and token:
            row = conn.execute(sa.select(STUDENTS.c.student).where(
                STUDENTS.c.code == code, STUDENTS.c.token_hash == _hash(token))).first()
            if row is not None:
                return row.student
            gone = conn.execute(sa.select(CLASS_KEYS_GONE.c.reason).where(
                CLASS_KEYS_GONE.c.code == code, CLASS_KEYS_GONE.c.token_hash == _hash(token))).scalar()
            if gone == "removed":
                raise Removed(_("The teacher took this device's place out of class session {code}, so it "
                                "cannot answer or join again here. Ask the teacher if you think that is "
                                "a mistake.").format(code=code))
            if gone is not None:
                raise SeatMoved(_("Your place in class session {code} has moved to another device: you "
                                  "asked for it there and the teacher let you in, so this device no "
                                  "longer answers for you.").format(code=code))
        raise NotSeated(_("This device holds no place in class session {code}: join with a nickname.").format(
            code=code))

    # --- a pupil on a new phone -------------------------------------------------------------------------

    def come_back(self, code: str, nickname: str) -> Member:
        """A pupil on a new phone asks for his place by nickname; the teacher sees the request
        (ClassView.requests) and lets him in (`let_in`) or refuses (`refuse`); `came_back` tells the phone.
        The returned key opens the place once let in. NoSuchPlayer when no pupil has that nickname."""
        code = room_code(code)
        name, key = person_name(nickname)
        token = secrets.token_urlsafe(32)
        with self._transaction(write=True) as conn:
            session = self._load(conn, code, lock=True)
            if session.ended:
                raise ClassroomError(_("The class session {code} has ended.").format(code=code))
            student = conn.execute(sa.select(STUDENTS.c.student).where(STUDENTS.c.code == code,
                                                                       STUDENTS.c.name_key == key)).scalar()
            if student is None:
                raise NoSuchPlayer(_("Nobody called {name} is in this class: ask with the nickname you "
                                     "joined with.").format(name=isolated(name)))
            if len(conn.execute(_WAITING, {"code": code}).all()) >= MAX_WAITING:
                raise ClassroomError(_("Too many requests are waiting: ask again once the teacher has "
                                       "answered them."))
            last = conn.execute(sa.select(sa.func.max(CLASS_REQUESTS.c.number))
                                .where(CLASS_REQUESTS.c.code == code)).scalar()
            conn.execute(sa.insert(CLASS_REQUESTS).values(code=code, number=(last or 0) + 1, student=student,
                                                          token_hash=_hash(token), asked=self._clock(),
                                                          answer="waiting"))
            self._bump(conn, session)
        return Member(code, token, student)

    def came_back(self, code: str, token: str) -> Asked:
        """Where the request made with `token` stands: "waiting", "in" or "refused" (NoSuchRequest if none)."""
        code = room_code(code)
        with self._transaction(write=False) as conn:
            self._load(conn, code)
            row = conn.execute(sa.select(CLASS_REQUESTS, STUDENTS.c.nickname).join(
                STUDENTS, sa.and_(STUDENTS.c.code == CLASS_REQUESTS.c.code,
                                  STUDENTS.c.student == CLASS_REQUESTS.c.student)).where(
                CLASS_REQUESTS.c.code == code,
                CLASS_REQUESTS.c.token_hash == _hash(token if isinstance(token, str) else ""))).first()
        if row is None:
            raise NoSuchRequest(_("This device has not asked for a place in class session {code}.").format(code=code))
        return Asked(row.answer, row.student, row.nickname, _("the teacher") if row.answer != "waiting" else None)

    def let_in(self, code: str, teacher: str, number: int) -> int:
        """The teacher lets request `number` in: its key opens the pupil's place from now on, and the old
        phone's key stops working (it is told its place moved). Returns the version."""
        return self._answer_request(code, teacher, number, True)

    def refuse(self, code: str, teacher: str, number: int) -> int:
        """The teacher refuses request `number`. Returns the version."""
        return self._answer_request(code, teacher, number, False)

    def _answer_request(self, code: str, teacher: str, number: int, yes: bool) -> int:
        code = room_code(code)
        with self._transaction(write=True) as conn:
            session = self._load(conn, code, lock=True)
            self._check_teacher(session, teacher)
            request = next((r for r in conn.execute(_WAITING, {"code": code})
                            if r.number == number and not isinstance(number, bool)), None)
            if request is None:
                raise NoSuchRequest(_("That request has been answered already, or was never made."))
            mine = sa.and_(CLASS_REQUESTS.c.code == code, CLASS_REQUESTS.c.number == request.number)
            if yes:
                place = sa.and_(STUDENTS.c.code == code, STUDENTS.c.student == request.student)
                old = conn.execute(sa.select(STUDENTS.c.token_hash).where(place)).scalar()
                conn.execute(sa.insert(CLASS_KEYS_GONE).values(token_hash=old, code=code, student=request.student))
                conn.execute(sa.update(STUDENTS).where(place).values(token_hash=request.token_hash))
                conn.execute(sa.update(CLASS_REQUESTS).where(
                    CLASS_REQUESTS.c.code == code, CLASS_REQUESTS.c.student == request.student,
                    CLASS_REQUESTS.c.answer == "waiting").values(answer="refused"))
            conn.execute(sa.update(CLASS_REQUESTS).where(mine).values(answer="in" if yes else "refused"))
            return self._bump(conn, session)


_WAITING = (sa.select(CLASS_REQUESTS).where(CLASS_REQUESTS.c.code == sa.bindparam("code"),
                                            CLASS_REQUESTS.c.answer == "waiting").order_by(CLASS_REQUESTS.c.number))


def _class_named(table: RoomView) -> RoomView:
    """The class table as read, its class's seat named CLASS_NAME, the key each device words in its own language: a
    table an earlier version opened named the seat in English (OLD_CLASS_NAME), in its seats and in its game."""
    if table.players[CLASS_SEAT] != OLD_CLASS_NAME:
        return table
    players = (CLASS_NAME, *table.players[CLASS_SEAT + 1:])
    state = table.state
    if state is not None and state.players[CLASS_SEAT] == OLD_CLASS_NAME:
        state = replace(state, players=(CLASS_NAME, *state.players[CLASS_SEAT + 1:]))
    nights = tuple(replace(night, players=(CLASS_NAME, *night.players[1:]))
                   if night.players[:1] == (OLD_CLASS_NAME,) else night for night in table.nights)
    return replace(table, players=players, state=state, nights=nights)


def _check_student(student: object) -> None:
    if not is_whole(student) or not 0 <= student < 10 * MAX_STUDENTS:
        raise ClassroomError(_("There is no student {student} in this class.").format(student=shown(student)))


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


#: how a stored key's hash looks (what an earlier version stored in its place did not)
_HASHED = re.compile("[0-9a-f]{64}")


def _table_key(teacher: str, room: str) -> str:
    """The key of the class's seat at table `room`: made from the teacher's key, so that only it plays the seat
    and the database need keep no key of its own."""
    digest = hmac.new(teacher.encode(), f"quitlok class table {room}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def session_rules(session: sa.Row) -> RuleSet:
    """A stored session's house rules."""
    return rules_from_dict(json.loads(session.rules))


def stored_round(rules: RuleSet, stored: dict) -> Round:
    """A stored round of a session: a question (the engine's or the teacher's own) or a class table's vote."""
    if "question" in stored:
        return Round(make_question(stored["question"], rules, stored["seed"]), None)
    if OWN in stored:
        return Round(OwnQuestion.from_dict(stored[OWN]), None)
    actions = _stored_actions(stored)
    raising = stored.get("raising", False)
    options = (tuple(describe(a, rules.aluvun_word, raising=raising) for a in actions) if actions else
               tuple(_old_label(label, rules, raising) for label in stored["vote"]))
    return Round(None, Vote(stored["room_version"], options, stored.get("chosen"),
                            tuple(stored.get("values", ())), stored.get("events_from"), stored.get("tied", False),
                            tuple(stored.get("counts", ())), actions))


def _old_label(label: str, rules: RuleSet, raising: bool) -> str:
    """An option of a vote an earlier version stored as its button's label, in English: the label of the move it
    names, in the current language (a label no move has, as it is)."""
    numbers = [int(n) for n in re.findall(r"\d+", label)][:1]
    moves = [Blot(), Draw(), Stay(), Aluvun(), Reject(), Keep(), Stand(), Retire(), KeepBank(),
             *(kind(n) for n in numbers if n > 0 for kind in (Bet, StakeBank))]
    with use(SOURCE):
        named = next((move for move in moves if describe(move, rules.aluvun_word, raising=raising) == label), None)
    return label if named is None else describe(named, rules.aluvun_word, raising=raising)


def _stored_actions(stored: dict) -> tuple[Action, ...]:
    """A vote's options as the actions stored (quitlok.state_json.action_to_dict); () for a vote an earlier version
    stored as the buttons' labels."""
    if all(isinstance(option, str) for option in stored["vote"]):
        return ()
    return tuple(action_from_dict(option) for option in stored["vote"])


def _vote_actions(table: RoomView, stored: dict) -> list[Action]:
    """The actions a vote's options name, each still legal for the class's seat (else StaleView); a vote stored as
    labels by an earlier version is matched to the legal actions by label."""
    actions = _stored_actions(stored)
    if not actions:
        return [_action_named(table, label) for label in stored["vote"]]
    if any(action not in table.legal for action in actions):
        raise StaleView(_("The class table changed since the vote opened: open a new vote."))
    return list(actions)


def _whole(response: object) -> int:
    if isinstance(response, float) and response.is_integer():
        return int(response)
    return response


def _action_named(table: RoomView, label: str) -> Action:
    """The legal action of the class's seat whose button reads `label` (a vote stored by an earlier version, in
    English, whatever the language of the device that reads it now)."""
    with use(SOURCE):
        named = {action_label(table.state, action): action for action in table.legal}
    if label in named:
        return named[label]
    raise StaleView(_("The class table changed since the vote opened: open a new vote."))

